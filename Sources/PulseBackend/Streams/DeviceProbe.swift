/// The answer of the probe after a stream moved: only whether its previous device still exists,
/// so nothing of the device is converted.
struct DeviceProbe {}
