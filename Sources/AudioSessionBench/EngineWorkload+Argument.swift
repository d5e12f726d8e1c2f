import ArgumentParser

extension EngineWorkload.Kind: ExpressibleByArgument {}
