// libpulse, as one umbrella for the CPulse system-library target. Not API: only PulseBackend
// imports it, and every call goes through PulseBackend's internal wrapper.
#include <pulse/pulseaudio.h>
#include <pulse/ext-stream-restore.h>
