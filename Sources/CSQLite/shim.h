#include <sqlite3.h>

/// Turns off SQLite's memory statistics, which take a process-wide mutex around every
/// allocation SQLite makes (`sqlite3_config` is variadic, so Swift cannot call it directly).
/// Only has an effect before SQLite initializes; returns SQLITE_MISUSE after that.
static inline int realm_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
