extension PolicyDecision {
    /// Whether the decision changes which devices exist or are the default (a profile switch
    /// replaces a card's devices, a canceller adds two): carried out before stream changes, which
    /// may need them. Unloading a canceller comes after the moves off it, so it is not among these.
    var changesDevices: Bool {
        switch self {
        case .setDefaultDevice, .setCardProfile, .loadEchoCanceller: true
        default: false
        }
    }
}
