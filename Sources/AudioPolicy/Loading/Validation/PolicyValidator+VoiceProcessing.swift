import AudioSessionModel

// `[voice-processing]`: which sessions get an echo canceller, and which one.
extension PolicyValidator {
    static let voiceProcessingKeys = [
        "enabled", "modes", "canceller", "gain-control", "noise-suppression", "honour-app-request", "app-can-turn-off",
    ]
    static let cancellerKinds = EchoCancellerKind.allCases.map { ($0.rawValue, $0) }

    mutating func validateVoiceProcessing(_ table: MergedTable, path: String) -> Policy.VoiceProcessing {
        var voice = Policy.VoiceProcessing()
        rejectUnknownKeys(in: table, path: path, known: Self.voiceProcessingKeys)
        if let node = child("enabled", of: table, path: path), let value = boolean(node) { voice.enabled = value }
        if let node = child("modes", of: table, path: path), let modes = processedModes(node) { voice.modes = modes }
        if let node = child("canceller", of: table, path: path),
            let text = string(node, expected: "\"speex\" or \"webrtc\""),
            let kind = name(text, at: node, kind: "canceller", accepted: Self.cancellerKinds)
        {
            voice.canceller.kind = kind
        }
        if let node = child("gain-control", of: table, path: path), let value = boolean(node) {
            voice.canceller.gainControl = value
        }
        if let node = child("noise-suppression", of: table, path: path), let value = boolean(node) {
            voice.canceller.noiseSuppression = value
        }
        if let node = child("honour-app-request", of: table, path: path), let value = boolean(node) {
            voice.honourAppRequest = value
        }
        if let node = child("app-can-turn-off", of: table, path: path), let value = boolean(node) {
            voice.appCanTurnOff = value
            if value, !voice.honourAppRequest {
                report(
                    "app-can-turn-off = true needs honour-app-request = true: with apps' requests ignored, none turns the canceller off",
                    at: node)
            }
        }
        return voice
    }

    /// The modes list; `nil` when any name is wrong or promises no processing (each one reported).
    private mutating func processedModes(_ node: PolicyNode) -> [Mode]? {
        guard let elements = stringList(node, expected: "mode names such as \"voice-chat\"") else { return nil }
        var modes: [Mode] = []
        var valid = true
        for (text, elementNode) in elements {
            guard let mode = name(text, at: elementNode, kind: "mode", accepted: PolicyVocabulary.modes) else {
                valid = false
                continue
            }
            if Policy.VoiceProcessing.unprocessedModes.contains(mode) {
                report(
                    "\(mode.kebabName) mode records straight from the device: it never gets an echo canceller; remove it",
                    at: elementNode)
                valid = false
                continue
            }
            modes.append(mode)
        }
        return valid ? modes : nil
    }
}
