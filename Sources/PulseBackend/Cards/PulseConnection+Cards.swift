internal import CPulse
public import SoundServer

extension PulseConnection {
    /// Every card (sound hardware, Bluetooth devices) with its profiles.
    ///
    /// ```swift
    /// let headsets = try await connection.cards().filter(\.isBluetooth)
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_context_get_card_info_list`.
    public func cards() async throws(PulseError) -> [SoundCard] {
        try await awaiting { done in
            request("pa_context_get_card_info_list", done) { pa_context_get_card_info_list($0, OperationCallbacks.card, $1) }
        }
    }

    /// Switches the card named `card` to `profile` without waiting; `completion` (if any) runs on
    /// the loop thread with the server's answer. An unknown card or profile fails with
    /// ``PulseError/Code/noEntity``.
    ///
    /// ```swift
    /// connection.submitCardProfile(card: "bluez_card.00_11_22_33_44_55", profile: "headset-head-unit") { result in
    ///     if case .failure(let error) = result { print(error) }
    /// }
    /// ```
    ///
    /// The corresponding PulseAudio call is `pa_context_set_card_profile_by_name`.
    public func submitCardProfile(
        card: String, profile: String, completion: (@Sendable (Result<Void, PulseError>) -> Void)? = nil
    ) {
        request("pa_context_set_card_profile_by_name", { (result: Result<Void, PulseError>) in completion?(result) }) {
            pa_context_set_card_profile_by_name($0, card, profile, OperationCallbacks.success, $1)
        }
    }

    /// Switches the card named `card` to `profile` and waits for the server's answer.
    ///
    /// ```swift
    /// try await connection.setCardProfile(card: "bluez_card.00_11_22_33_44_55", profile: "a2dp-sink")
    /// ```
    ///
    /// - Throws: ``PulseError``; an unknown card or profile gives ``PulseError/Code/noEntity``.
    ///
    /// The corresponding PulseAudio call is `pa_context_set_card_profile_by_name`.
    public func setCardProfile(card: String, profile: String) async throws(PulseError) {
        try await awaiting { done in submitCardProfile(card: card, profile: profile) { done($0) } }
    }

    /// Fetches one card by index on the loop thread; `completion` gets `nil` when it is gone.
    func fetchCard(_ index: UInt32, completion: @escaping (SoundCard?) -> Void) {
        request("pa_context_get_card_info_by_index", { (result: Result<[SoundCard], PulseError>) in
            completion((try? result.get())?.first)
        }) { pa_context_get_card_info_by_index($0, index, OperationCallbacks.card, $1) }
    }

    /// Lists every card on the loop thread.
    func listCards(completion: @escaping (Result<[SoundCard], PulseError>) -> Void) {
        request("pa_context_get_card_info_list", completion) { pa_context_get_card_info_list($0, OperationCallbacks.card, $1) }
    }
}
