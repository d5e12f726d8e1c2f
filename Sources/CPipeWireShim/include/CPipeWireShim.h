// Placeholder header: replaced by the PipeWire shim work.
#pragma once
