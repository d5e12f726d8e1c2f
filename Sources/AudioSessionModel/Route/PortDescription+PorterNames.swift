extension PortDescription {
    /// The name shown to people, by AVAudioSessionPortDescription's name for it: ``name``.
    ///
    /// ```swift
    /// for output in session.currentRoute.outputs { print(output.portName, output.portType) }
    /// ```
    public var portName: String { name }

    /// What kind of device it is, by AVAudioSessionPortDescription's name for it: ``type``.
    public var portType: PortType { type }
}
