"""The bar chart scripts/bench writes into docs/: ModelGraph against the raw SQL floor per operation."""


def svg_chart(rows, path):
    """Bar chart of the median ratio per operation at the lowest concurrency, with each target marked."""
    width, height, left, bar = 640, 320, 200, 28
    lowest = min(row["c"] for row in rows)
    chosen = [row for row in rows if row["c"] == lowest]
    scale = (width - left - 40) / max(1.2, max(row["ratio"] for row in chosen) * 1.1)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
             f'<text x="10" y="20" font-size="14">ModelGraph / raw SQL floor, concurrency {lowest} (median ratio; line = target)</text>']
    for index, row in enumerate(chosen):
        y = 40 + index * (bar + 12)
        colour = "#2a9d8f" if row["ratio"] >= row["target"] else "#e76f51"
        parts.append(f'<text x="10" y="{y + 18}">{row["label"]}</text>')
        parts.append(f'<rect x="{left}" y="{y}" width="{row["ratio"] * scale:.1f}" height="{bar}" fill="{colour}"/>')
        parts.append(f'<line x1="{left + row["target"] * scale:.1f}" x2="{left + row["target"] * scale:.1f}" y1="{y - 3}" y2="{y + bar + 3}" stroke="black" stroke-width="2"/>')
        parts.append(f'<text x="{left + row["ratio"] * scale + 6:.1f}" y="{y + 18}">{row["ratio"]:.2f}</text>')
    parts.append("</svg>")
    with open(path, "w") as handle:
        handle.write("\n".join(parts) + "\n")
