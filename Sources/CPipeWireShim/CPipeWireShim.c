// Placeholder: replaced by the PipeWire shim work.
#include "CPipeWireShim.h"
