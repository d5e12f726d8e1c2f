import AudioSessionContract

/// Columns padded to their widest cell, two spaces apart, for tables people read.
///
/// Cells hold what apps say about themselves (names, ids), so each is shown as
/// ``UntrustedText/displayable(_:)`` makes it: an escape or a newline in a cell cannot drive the
/// terminal or forge a row.
struct TextTable {
    var header: [String]
    var rows: [[String]]

    var lines: [String] {
        let all = ([header] + rows).map { $0.map(UntrustedText.displayable) }
        var widths = [Int](repeating: 0, count: header.count)
        for row in all {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        return all.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                let isLast = column == row.count - 1
                line += isLast ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }
            return line
        }
    }
}
