extension TOMLValue {
    /// The string, or `nil` when the value is not a string.
    public var string: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    /// The integer, or `nil` when the value is not an integer.
    public var integer: Int64? {
        if case .integer(let value) = kind { return value }
        return nil
    }

    /// The number as a `Double`, for an integer or a float; `nil` otherwise.
    ///
    /// A setting such as `level = 1` is a number to a person even though TOML calls it an integer.
    public var number: Double? {
        switch kind {
        case .integer(let value): Double(value)
        case .float(let value): value
        default: nil
        }
    }

    /// The boolean, or `nil` when the value is not a boolean.
    public var boolean: Bool? {
        if case .boolean(let value) = kind { return value }
        return nil
    }

    /// The elements, or `nil` when the value is not an array.
    ///
    /// An array of tables (`[[rank]]`) is an array whose elements are tables.
    public var array: [TOMLValue]? {
        if case .array(let value) = kind { return value }
        return nil
    }

    /// The table, or `nil` when the value is not a table.
    public var table: TOMLTable? {
        if case .table(let value) = kind { return value }
        return nil
    }

    /// The kind's name as a person reads it in an error: "string", "integer", "float",
    /// "boolean", "array" or "table".
    public var typeName: String {
        switch kind {
        case .string: "string"
        case .integer: "integer"
        case .float: "float"
        case .boolean: "boolean"
        case .array: "array"
        case .table: "table"
        }
    }
}
