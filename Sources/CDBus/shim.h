// libdbus-1, as one umbrella for the CDBus system-library target. Not API: only the LibDBus/
// folder of AudioSessionBus imports it.
//
// No shim functions are needed: every call used is a real, non-variadic function. The
// DBUS_TYPE_* constants are cast character literals that Swift does not import; the wrapper
// writes their ASCII codes instead (BusType.typeCode).
#include <dbus/dbus.h>
