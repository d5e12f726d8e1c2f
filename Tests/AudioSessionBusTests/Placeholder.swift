// Placeholder so the target exists; replaced by the tests of this target.
