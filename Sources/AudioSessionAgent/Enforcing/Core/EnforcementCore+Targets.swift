import AudioSessionContract
import AudioPolicy
import Logging
import SoundServer

/// The target-device part of the enforcement core, written once for both protocols: which device
/// the engine wants a stream on, the device the stream had before (journalled before the first
/// command, so an agent that crashes leaves it to the next one), and the commands that get there
/// and back, said by the enforcer's ``StreamActuator``.
extension EnforcementCore {
    /// The device the stream had before the agent moved it; `nil` when not moved.
    func originalDevice(of serial: StreamSerial) -> String? { enforced[serial]?.movedFrom }

    /// Keeps (or, with `nil`, forgets) the device the stream had before the agent moved it.
    func setOriginalDevice(_ device: String?, of ref: ServerStreamRef, _ stream: SoundStream) {
        guard let device else {
            enforced[ref.serial]?.movedFrom = nil
            return
        }
        var state = enforced[ref.serial] ?? EnforcedStream(ref: ref, last: stream)
        state.movedFrom = device
        enforced[ref.serial] = state
    }

    /// Drops a stream whose changes are all undone, with its journal entries.
    func forgetIfIdle(_ serial: StreamSerial) {
        guard let state = enforced[serial], state.isIdle else { return }
        enforced[serial] = nil
        clear(.restoreEntry(serial))
    }

    /// Sends the stream to `device`, unless the policy leaves choosing devices to a server module.
    func move(_ id: StreamID, to device: DeviceID) {
        if let module = actuator.deviceChoiceModule {
            logger.info(
                "not moving the stream: the policy leaves choosing devices to a server module",
                metadata: ["stream.id": "\(id)", "device.id": "\(device)", "module.name": "\(module)"])
            return
        }
        guard let stream = table.stream(id), let ref = table.ref(of: stream.id),
            let target = StreamTranslation.device(named: device), actuator.canTarget(target.name, kind: target.kind),
            let current = table.graph.device(of: stream)?.name
        else { return }
        send(ref, stream, to: target.name, from: current)
    }

    /// Sends the stream to the device called `target`, journalled with the device it had before:
    /// the one it had before the agent's first move, else the journal's (a crashed agent moved
    /// it), else `current`. A stream on an echo canceller's device has the device behind the
    /// canceller (`behindCanceller`) as its own; `nil` takes the canceller's as any other.
    func send(
        _ ref: ServerStreamRef, _ stream: SoundStream, to target: String, from current: String,
        behindCanceller: ((String) -> String?)? = nil
    ) {
        let moved = originalDevice(of: ref.serial)
        var original = moved ?? current
        if case .device(_, let journalled)? = journal.pendingRestore(for: .device(ref.serial)) { original = journalled }
        if let behindCanceller, EchoCancellerModule.isCancellerDevice(named: original) {
            // Already on a canceller: its own, or another call's where WirePlumber put it (it
            // restores a role's last target, and a call's stream was moved onto a canceller).
            guard original != target, let behind = behindCanceller(original) else { return }
            original = behind
        }
        guard original != target || moved != nil else { return }
        guard record(.move(ref.serial, originalDevice: original), of: ref, stream) else { return }
        setOriginalDevice(original, of: ref, stream)
        logger.debug("moving a stream", metadata: ["stream.id": "\(ref.id)", "device.name": "\(UntrustedText.excerpt(target))"])
        actuator.setTarget(target, of: ref) { [weak self] taken in
            if taken { self?.targetReached(ref) }
        }
    }

    /// Gives a stream the policy moved its own device back; if that device is gone, it stays
    /// where it is and only the journal entry goes. A move the server refuses stays journalled.
    func unmove(_ id: StreamID) {
        guard let stream = table.stream(id), let ref = table.ref(of: stream.id), let original = originalDevice(of: ref.serial)
        else { return }
        actuator.clearTarget(of: ref, backTo: original) { [weak self] taken in
            guard let self, taken else { return }
            setOriginalDevice(nil, of: ref, stream)
            clear(.device(ref.serial))
            targetReached(ref)
            forgetIfIdle(ref.serial)
        }
    }

    /// Last-in wins: the device becomes the default of its direction. Not journalled: it is the
    /// choice a user plugging the device makes, and the server falls back by itself when it goes.
    func makeDefault(_ device: DeviceID) {
        if let module = actuator.deviceChoiceModule {
            logger.info(
                "not changing the default device: the policy leaves choosing devices to a server module",
                metadata: ["device.id": "\(device)", "module.name": "\(module)"])
            return
        }
        guard let target = StreamTranslation.device(named: device) else { return }
        logger.info("making a plugged device the default (last-in wins)", metadata: ["device.id": "\(device)"])
        actuator.setDefault(target.name, kind: target.kind)
    }
}
