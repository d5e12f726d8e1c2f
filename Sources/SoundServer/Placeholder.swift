// Placeholder so the target exists; replaced by the work that fills SoundServer.
