#!/usr/bin/env bash
# Starts and stops xapian-tcpsrv processes serving remote shards on 127.0.0.1,
# for the tests, `make cluster-demo` and `entity-index-bench --remote`.
#
#   Scripts/shard-servers.sh start DIR N [PID]  starts N servers of writable databases
#       DIR/server-K/db on free ports and prints each one's tcp://127.0.0.1:PORT;
#       with PID, each stops by itself once that process has ended
#   Scripts/shard-servers.sh stop DIR           stops the servers started in DIR
#
# xapian-tcpsrv signals its whole process group when it gets SIGTERM, so each
# runs in a session of its own (setsid), with a watchdog in that session; stop
# signals that group only.
set -euo pipefail

usage() { echo "usage: $0 start DIR N [PID] | stop DIR" >&2; exit 64; }

# Whether something accepts connections on 127.0.0.1:$1.
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Starts server K in DIR on a free port; prints its location.
start_one() {
    local dir=$1/server-$2 watched=$3 port leader
    mkdir -p "$dir"
    for _ in $(seq 1 20); do
        port=$((20000 + RANDOM % 40000))
        listening "$port" && continue
        setsid bash -c '
            xapian-tcpsrv --writable --interface 127.0.0.1 --port "$1" "$2/db" >"$2/server.log" 2>&1 &
            server=$!
            while kill -0 "$server" 2>/dev/null && { [ "$3" = 0 ] || kill -0 "$3" 2>/dev/null; }; do sleep 0.2; done
            kill -TERM "$server" 2>/dev/null' _ "$port" "$dir" "$watched" </dev/null >/dev/null 2>&1 &
        leader=$!
        for _ in $(seq 1 50); do
            if listening "$port"; then
                echo "$leader" >"$dir/leader.pid"
                echo "tcp://127.0.0.1:$port"
                return 0
            fi
            kill -0 "$leader" 2>/dev/null || break
            sleep 0.1
        done
        kill -TERM -- "-$leader" 2>/dev/null || true
    done
    echo "could not start xapian-tcpsrv in $dir (its log: $dir/server.log)" >&2
    return 1
}

# Stops the servers started in DIR and waits for them to end.
stop_all() {
    local file leader
    for file in "$1"/server-*/leader.pid; do
        [ -e "$file" ] || continue
        leader=$(cat "$file")
        kill -TERM -- "-$leader" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$leader" 2>/dev/null || break; sleep 0.1; done
        # A server started with SIGTERM blocked (a mask its parent passed on) is killed.
        kill -KILL -- "-$leader" 2>/dev/null || true
        rm -f "$file"
    done
}

case "${1:-}" in
    start)
        [ $# -ge 3 ] || usage
        command -v xapian-tcpsrv >/dev/null || {
            echo "xapian-tcpsrv is missing: install Debian's xapian-tools (make setup does)" >&2
            exit 69
        }
        for shard in $(seq 0 $(($3 - 1))); do
            start_one "$2" "$shard" "${4:-0}" || { stop_all "$2"; exit 1; }
        done
        ;;
    stop)
        [ $# -ge 2 ] || usage
        stop_all "$2"
        ;;
    *) usage ;;
esac
