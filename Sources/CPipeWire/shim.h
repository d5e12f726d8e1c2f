// libpipewire-0.3 and the SPA headers it needs, as one umbrella for the CPipeWire target.
// Not API: only PipeWireBackend imports it, through its internal wrapper.
#include <pipewire/pipewire.h>
#include <pipewire/extensions/metadata.h>
#include <spa/param/props.h>
#include <spa/param/audio/raw.h>
#include <spa/pod/builder.h>
#include <spa/pod/iter.h>
#include <spa/pod/parser.h>
#include <spa/utils/dict.h>
