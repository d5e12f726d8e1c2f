extension PolicyDecision {
    /// Whether the decision changes which devices exist or are the default (a profile switch
    /// replaces a card's devices): carried out before stream changes, which may need them.
    var changesDevices: Bool {
        switch self {
        case .setDefaultDevice, .setCardProfile: true
        default: false
        }
    }
}
