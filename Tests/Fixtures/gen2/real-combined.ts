// Two schemas kept apart and combined; an `export default` of the data resource; shared field maps.
import { type ClientSchema, a, defineData } from '@aws-amplify/backend'

const audit = {
  createdBy: a.string(),
  note: a.string(),
} as const

const catalog = a
  .schema({
    Product: a.model({ name: a.string().required(), price: a.float(), ...audit, category: a.ref('Category') }),
    Category: a.enum(['BOOKS', 'MUSIC']),
  })
  .authorization((allow) => [allow.publicApiKey()])

const orders = a.schema({
  Order: a
    .model({ reference: a.string().required(), total: a.float(), ...audit })
    .identifier(['reference'])
    .authorization((allow) => allow.publicApiKey()),
})

const combined = a.combine([catalog, orders])

export type Schema = ClientSchema<typeof combined>

export default defineData({ schema: combined, name: 'shop' }) satisfies unknown
