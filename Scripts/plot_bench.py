#!/usr/bin/env python3
"""Draw query latency against corpus size for each engine from entity-index-bench JSON.

    pip install matplotlib
    python3 Scripts/plot_bench.py Benchmarks/results/latest.json --out Benchmarks/results/latency.png
"""
import argparse
import json

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("report", help="JSON written by entity-index-bench --json")
    parser.add_argument("--out", default="Benchmarks/results/latency.png", help="the PNG to write")
    arguments = parser.parse_args()

    with open(arguments.report) as file:
        sizes = sorted(json.load(file)["sizes"], key=lambda size: size["entities"])
    kinds = [kind["kind"] for kind in sizes[0]["kinds"]]
    engines = [("entityIndex", "EntityIndex", "tab:blue"), ("rawXapian", "raw Xapian, terms given", "tab:orange"),
               ("rawXapianFromText", "raw Xapian from text", "tab:red"), ("sqlite", "SQLite FTS5", "tab:green")]

    figure, axes = plt.subplots(1, len(kinds), figsize=(3.2 * len(kinds), 3.4), sharey=True)
    for axis, kind in zip(axes, kinds):
        for key, label, colour in engines:
            points = [(size["entities"], entry[key]["p50"]) for size in sizes
                      for entry in size["kinds"] if entry["kind"] == kind and entry.get(key)]
            if points:
                axis.plot(*zip(*points), marker="o", label=label, color=colour)
        axis.set_title(kind)
        axis.set_xscale("log")
        axis.set_yscale("log")
        axis.set_xlabel("entities")
        axis.grid(True, which="both", alpha=0.3)
    axes[0].set_ylabel("median latency (ms)")
    figure.legend(*axes[0].get_legend_handles_labels(), loc="upper right", fontsize="small")
    figure.suptitle("entity-index-bench: median query latency by corpus size")
    figure.tight_layout()
    figure.savefig(arguments.out, dpi=110)
    print(f"wrote {arguments.out}")


if __name__ == "__main__":
    main()
