// Live: runs a subscription from the editor over the server's WebSocket (subprotocol graphql-transport-ws, the
// credentials in connection_init's payload) and streams every event into the result pane until stopped.

import { session } from './session.js';

/** One subscription at a time. */
export class Live {
  /** @param {() => {realtimePath: string}|null} getConfig */
  constructor(getConfig) {
    this.getConfig = getConfig;
    this.socket = null;
  }

  /**
   * Starts a subscription, stopping the previous one.
   * @param {{query: string, variables?: object, operationName?: string}} request
   * @param {{onEvent: (events: object[], meta: string) => void, onErrors: (errors: object[]) => void}} sink
   */
  start(request, sink) {
    this.stop();
    const path = this.getConfig()?.realtimePath ?? '/graphql/realtime';
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
    const socket = new WebSocket(url, 'graphql-transport-ws');
    this.socket = socket;
    const events = [];
    const stopButton = document.querySelector('[data-testid=stop]');
    stopButton.hidden = false;
    const show = (meta) => sink.onEvent({ events }, meta);
    socket.addEventListener('open', () => {
      const payload = {};
      if (session.apiKey) payload['x-api-key'] = session.apiKey;
      if (session.jwt) payload.Authorization = session.jwt;
      socket.send(JSON.stringify({ type: 'connection_init', payload }));
    });
    socket.addEventListener('message', (message) => {
      let m;
      try { m = JSON.parse(message.data); } catch { return; }
      if (m.type === 'connection_ack') {
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: request }));
        show('Subscribed: waiting for events…');
      } else if (m.type === 'next') {
        events.push({ at: new Date().toISOString(), ...m.payload });
        show(`${events.length} event${events.length === 1 ? '' : 's'} · live`);
        if (m.payload?.errors) sink.onErrors(m.payload.errors);
      } else if (m.type === 'error') {
        const errors = Array.isArray(m.payload) ? m.payload : m.payload?.errors ?? [m.payload];
        events.push({ errors });
        sink.onErrors(errors);
        show('Subscription refused');
      } else if (m.type === 'complete') {
        show('Subscription complete');
      } else if (m.type === 'ping') {
        socket.send(JSON.stringify({ type: 'pong' }));
      } else if (m.type === 'connection_error') {
        events.push(m.payload);
        show('Connection refused');
      }
    });
    socket.addEventListener('close', (e) => {
      if (this.socket === socket) this.socket = null;
      if (this.last !== socket) return;
      stopButton.hidden = true;
      show(`Closed${e.reason ? `: ${e.reason}` : ''} (${events.length} event${events.length === 1 ? '' : 's'})`);
    });
    this.last = socket;
  }

  /** Stops the running subscription, if any. */
  stop() {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    document.querySelector('[data-testid=stop]').hidden = true;
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ id: '1', type: 'complete' }));
    socket.close(1000);
  }
}
