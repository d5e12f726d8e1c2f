/// The last column the parser counted on a line: a byte offset and the column it is at.
///
/// A reference type so the parser's read-only position lookups can move it forward.
final class ColumnCursor {
    var lineStart = -1
    var offset = 0
    var column = 1
}
