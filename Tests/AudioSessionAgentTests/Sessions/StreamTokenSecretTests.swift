import Testing

@testable import AudioSessionAgent

/// The secret behind a stream token: SHA-256 against the standard vectors, and the token it gives.
@Suite("Stream token secrets")
struct StreamTokenSecretTests {
    @Test(
        "SHA-256 gives FIPS 180-4's digests",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ])
    func vectors(message: String, digest: String) {
        #expect(SHA256.hexDigest(of: Array(message.utf8)) == digest)
    }

    @Test("SHA-256 of a million a's (many blocks)")
    func millionAs() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hexDigest(of: message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("the token is the first 128 bits of SHA-256 over the secret, well formed, and tells nothing of it")
    func token() {
        let secret = StreamTokenSecret(rawValue: "abc")
        #expect(secret.token.rawValue == "ba7816bf8f01cfea414140de5dae2223")
        let random = StreamTokenSecret.random()
        #expect(StreamToken.isWellFormed(random.rawValue))
        #expect(StreamToken.isWellFormed(random.token.rawValue))
        #expect(random.token.rawValue != random.rawValue)
        #expect(StreamTokenSecret(rawValue: random.rawValue).token == random.token)
    }
}
