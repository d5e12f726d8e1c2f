/// An array of tables (`[[name]]`) while the document is being read: shared by reference, so each
/// new header appends in place instead of copying every earlier element (thousands of `[[app]]`
/// headers would otherwise take quadratic time).
final class TableArrayBuilder {
    private(set) var elements: [TableBuilder]
    /// Where the first header of the array is written.
    let position: SourcePosition

    init(first: TableBuilder, position: SourcePosition) {
        elements = [first]
        self.position = position
    }

    func append(_ element: TableBuilder) {
        elements.append(element)
    }
}
