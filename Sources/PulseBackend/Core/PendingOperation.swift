internal import CPulse

/// One libpulse operation in flight. Its retained address is the C callback's userdata; the
/// callback (or ``PulseCore``, when the connection ends first) completes it exactly once.
class PendingOperation {
    /// The C call's name, for errors.
    var name = ""
    /// The operation handle while it runs.
    var operation: OpaquePointer?
    /// The core that started it, while it runs.
    var core: PulseCore?

    /// Delivers the outcome; subclasses pass it on to their completion.
    func complete(with result: Result<Void, PulseError>) {}

    /// Ends the operation from its C callback: unregisters it, then delivers `result`.
    final func finish(userdata: UnsafeMutableRawPointer, _ deliver: () -> Void) {
        let core = self.core
        self.core = nil
        deliver()
        core?.finished(self, userdata: userdata)
    }
}

/// An operation whose answer is a list (the `*_info_list` calls, and the `*_by_index` calls,
/// which answer a one-element list).
final class ListOperation<Item>: PendingOperation {
    private var items: [Item] = []
    private var completion: ((Result<[Item], PulseError>) -> Void)?

    init(_ completion: @escaping (Result<[Item], PulseError>) -> Void) { self.completion = completion }

    override func complete(with result: Result<Void, PulseError>) {
        let completion = self.completion
        self.completion = nil
        completion?(result.map { items })
    }

    /// The shared body of every list callback: `eol < 0` is a failure, `eol > 0` the end.
    static func receive(_ context: OpaquePointer?, _ eol: Int32, _ userdata: UnsafeMutableRawPointer?, _ item: () -> Item?) {
        guard let userdata else { return }
        let operation = Unmanaged<ListOperation<Item>>.fromOpaque(userdata).takeUnretainedValue()
        if eol < 0 {
            let error = PulseCore.error(of: context, in: operation.name)
            operation.finish(userdata: userdata) { operation.complete(with: .failure(error)) }
        } else if eol > 0 {
            operation.finish(userdata: userdata) { operation.complete(with: .success(())) }
        } else if let item = item() {
            operation.items.append(item)
        }
    }
}

/// An operation whose answer is success or failure, or a new index (`pa_context_load_module`).
final class ValueOperation<Value>: PendingOperation {
    private var value: Value?
    private var completion: ((Result<Value, PulseError>) -> Void)?

    init(_ completion: @escaping (Result<Value, PulseError>) -> Void) { self.completion = completion }

    override func complete(with result: Result<Void, PulseError>) {
        let completion = self.completion
        self.completion = nil
        switch (result, value) {
        case (.failure(let error), _): completion?(.failure(error))
        case (.success, let value?): completion?(.success(value))
        case (.success, nil):
            completion?(.failure(PulseError(code: .protocolError, operation: name, message: "the server sent no answer")))
        }
    }

    /// The shared body of the value callbacks: `nil` means the server reported a failure.
    static func receive(_ context: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?, _ value: Value?) {
        guard let userdata else { return }
        let operation = Unmanaged<ValueOperation<Value>>.fromOpaque(userdata).takeUnretainedValue()
        operation.value = value
        let result: Result<Void, PulseError> =
            value == nil ? .failure(PulseCore.error(of: context, in: operation.name)) : .success(())
        operation.finish(userdata: userdata) { operation.complete(with: result) }
    }
}
