// SQLite (Debian libsqlite3-dev, with FTS5) for the benchmark comparison.
#include <sqlite3.h>
