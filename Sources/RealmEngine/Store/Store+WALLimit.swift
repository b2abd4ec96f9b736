extension Store {
    /// The write-ahead log size, in frames, from which this store's commits ask for a
    /// restarting checkpoint (`WALLimit`; 16,384 by default, lower in tests), and how many
    /// they tried and got through. Nil for a read-only store.
    ///
    /// For example:
    ///
    ///     store.walRestartFrames = 200
    ///     try store.write { … }                 // from 200 frames on, restarts the log
    ///     print(store.walRestarts?.done ?? 0)
    package var walRestartFrames: Int32? {
        get { connection.walLimit?.restartFrames }
        set { if let newValue { connection.walLimit?.restartFrames = newValue } }
    }

    package var walRestarts: (tried: Int, done: Int)? { connection.walLimit?.restarts }
}
