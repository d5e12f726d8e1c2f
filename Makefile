# AudioSession for Linux: build and install (see docs/install.md).
#
#   make                      build the release binaries, standing alone (scripts/build-standalone:
#                             the Swift runtime linked in, so they run where no Swift toolchain is)
#   make install              install under PREFIX (default /usr/local); DESTDIR stages the tree
#   make uninstall            remove exactly what install put there
#   make docs                 shell completions and man pages from the built binaries (scripts/gen-docs)
#
# Install only copies: build first as your user, then `sudo make install` never runs the compiler
# as root. BUILD_BINARY_DIR names the directory holding the built binaries.

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
SYSTEMD_USER_UNIT_DIR ?= $(PREFIX)/lib/systemd/user
DBUS_SERVICE_DIR ?= $(DATADIR)/dbus-1/services
DBUS_INTERFACE_DIR ?= $(DATADIR)/dbus-1/interfaces
POLICY_DIR ?= $(DATADIR)/audiosession/policies
DOC_DIR ?= $(DATADIR)/doc/audiosession
BASH_COMPLETION_DIR ?= $(DATADIR)/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(DATADIR)/zsh/site-functions
FISH_COMPLETION_DIR ?= $(DATADIR)/fish/vendor_completions.d
MAN1_DIR ?= $(DATADIR)/man/man1

SWIFT ?= swift
SWIFT_BUILD_FLAGS ?=
BUILD_BINARY_DIR ?= .build-standalone/bin
INSTALL ?= install
# Where `make docs` writes completions and man pages, and `make install` takes them from.
GENERATED_DOCS_DIR ?= .build/docs

BINARIES := audiosessiond audiosessionctl
UNIT := audiosessiond.service
DBUS_SERVICE := org.audiosession.Agent.service
INTERFACE := Sources/AudioSessionAgent/Bus/org.audiosession.Agent1.xml
POLICIES := $(sort $(wildcard policies/*.toml))
DOCS := README.md $(sort $(wildcard docs/*.md))

# Values substituted into the unit and the D-Bus service file: paths as they are after installation.
SUBSTITUTE := sed -e 's|@bindir@|$(BINDIR)|g' -e 's|@docdir@|$(DOC_DIR)|g'

.PHONY: all build docs install uninstall check-binaries check-docs

all: build docs

build:
	SWIFT="$(SWIFT)" SWIFT_BUILD_FLAGS="$(SWIFT_BUILD_FLAGS)" scripts/build-standalone --out "$(BUILD_BINARY_DIR)"

check-binaries:
	@for binary in $(BINARIES); do \
	  if [ ! -x "$(BUILD_BINARY_DIR)/$$binary" ]; then \
	    echo "make install: $(BUILD_BINARY_DIR)/$$binary is missing; run 'make build' first (as your user), or set BUILD_BINARY_DIR to where the binaries are" >&2; \
	    exit 1; \
	  fi; \
	done

docs: check-binaries
	BUILD_BINARY_DIR="$(BUILD_BINARY_DIR)" scripts/gen-docs "$(GENERATED_DOCS_DIR)"

check-docs:
	@for binary in $(BINARIES); do \
	  if [ ! -f "$(GENERATED_DOCS_DIR)/man/man1/$$binary.1" ] || [ ! -f "$(GENERATED_DOCS_DIR)/completions/bash/$$binary" ]; then \
	    echo "make install: completions and man pages are missing from $(GENERATED_DOCS_DIR); run 'make docs' first (as your user)" >&2; \
	    exit 1; \
	  fi; \
	done

install: check-binaries check-docs
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)" "$(DESTDIR)$(DBUS_SERVICE_DIR)" \
	  "$(DESTDIR)$(DBUS_INTERFACE_DIR)" "$(DESTDIR)$(POLICY_DIR)" "$(DESTDIR)$(DOC_DIR)" \
	  "$(DESTDIR)$(BASH_COMPLETION_DIR)" "$(DESTDIR)$(ZSH_COMPLETION_DIR)" "$(DESTDIR)$(FISH_COMPLETION_DIR)" \
	  "$(DESTDIR)$(MAN1_DIR)"
	for binary in $(BINARIES); do \
	  $(INSTALL) -m 0755 "$(BUILD_BINARY_DIR)/$$binary" "$(DESTDIR)$(BINDIR)/$$binary" || exit 1; \
	done
	$(SUBSTITUTE) dist/$(UNIT) > "$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/$(UNIT)"
	chmod 0644 "$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/$(UNIT)"
	$(SUBSTITUTE) dist/$(DBUS_SERVICE) > "$(DESTDIR)$(DBUS_SERVICE_DIR)/$(DBUS_SERVICE)"
	chmod 0644 "$(DESTDIR)$(DBUS_SERVICE_DIR)/$(DBUS_SERVICE)"
	$(INSTALL) -m 0644 $(INTERFACE) "$(DESTDIR)$(DBUS_INTERFACE_DIR)/"
	$(INSTALL) -m 0644 $(POLICIES) "$(DESTDIR)$(POLICY_DIR)/"
	$(INSTALL) -m 0644 $(DOCS) "$(DESTDIR)$(DOC_DIR)/"
	for binary in $(BINARIES); do \
	  $(INSTALL) -m 0644 "$(GENERATED_DOCS_DIR)/completions/bash/$$binary" "$(DESTDIR)$(BASH_COMPLETION_DIR)/$$binary" && \
	  $(INSTALL) -m 0644 "$(GENERATED_DOCS_DIR)/completions/zsh/_$$binary" "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_$$binary" && \
	  $(INSTALL) -m 0644 "$(GENERATED_DOCS_DIR)/completions/fish/$$binary.fish" "$(DESTDIR)$(FISH_COMPLETION_DIR)/$$binary.fish" && \
	  $(INSTALL) -m 0644 "$(GENERATED_DOCS_DIR)/man/man1/$$binary.1" "$(DESTDIR)$(MAN1_DIR)/$$binary.1" || exit 1; \
	done

uninstall:
	for binary in $(BINARIES); do rm -f "$(DESTDIR)$(BINDIR)/$$binary"; done
	rm -f "$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/$(UNIT)" "$(DESTDIR)$(DBUS_SERVICE_DIR)/$(DBUS_SERVICE)" \
	  "$(DESTDIR)$(DBUS_INTERFACE_DIR)/$(notdir $(INTERFACE))"
	for file in $(notdir $(POLICIES)); do rm -f "$(DESTDIR)$(POLICY_DIR)/$$file"; done
	for file in $(notdir $(DOCS)); do rm -f "$(DESTDIR)$(DOC_DIR)/$$file"; done
	for binary in $(BINARIES); do \
	  rm -f "$(DESTDIR)$(BASH_COMPLETION_DIR)/$$binary" "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_$$binary" \
	    "$(DESTDIR)$(FISH_COMPLETION_DIR)/$$binary.fish" "$(DESTDIR)$(MAN1_DIR)/$$binary.1"; \
	done
	-rmdir "$(DESTDIR)$(POLICY_DIR)" "$(DESTDIR)$(DATADIR)/audiosession" "$(DESTDIR)$(DOC_DIR)" 2>/dev/null
