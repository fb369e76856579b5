import Store
import Testing

@Suite("Hashes: known answers")
struct HashesTests {
    // FIPS 180-2's examples (one block, two blocks) and the empty message.
    @Test("SHA-256 of the standard's examples, as bytes and as lower-case hex")
    func sha256() {
        #expect(Hashes.sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Hashes.sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Hashes.sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(Hashes.sha256(Array("abc".utf8)).prefix(4) == [0xBA, 0x78, 0x16, 0xBF])
        #expect(Hashes.hex([0x00, 0x0F, 0xA0, 0xFF]) == "000fa0ff")
    }
}
