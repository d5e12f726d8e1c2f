// libdbus-1, as one umbrella for the CDBus system-library target. Not API: only AudioSessionBus
// imports it, through its internal wrapper.
#include <dbus/dbus.h>
