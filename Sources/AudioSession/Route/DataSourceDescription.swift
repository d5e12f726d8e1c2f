extension AudioSession {
    /// A data source of a port, by AVAudioSessionDataSourceDescription's names (a phone's front
    /// and back microphones of one built-in mic).
    ///
    /// No port has data sources on PulseAudio or PipeWire: what the server shows as the ports of
    /// one device (a laptop's speaker and headphone jack, a card's front and rear microphone) are
    /// route ports of their own here, each a ``PortDescription`` with its own uid that
    /// ``AudioSession/availableInputs`` lists and ``AudioSession/setPreferredInput(_:)`` chooses.
    /// ``PortDescription/dataSources`` is therefore `nil`; the type exists so a port of code
    /// that reads it compiles.
    ///
    /// ```swift
    /// for source in port.dataSources ?? [] { print(source.dataSourceName) }   // prints nothing here
    /// ```
    public struct DataSourceDescription: Hashable, Sendable {
        /// The data source's identifier.
        public var dataSourceID: String
        /// The data source's name shown to people.
        public var dataSourceName: String

        /// Creates a data source description.
        ///
        /// ```swift
        /// let front = AudioSession.DataSourceDescription(dataSourceID: "front", dataSourceName: "Front")
        /// ```
        public init(dataSourceID: String, dataSourceName: String) {
            self.dataSourceID = dataSourceID
            self.dataSourceName = dataSourceName
        }
    }
}
