"""JSON text for the sample generators: objects one member per line, anything whose compact
form fits within the line width on one line."""
import json

def dumps(value, indent=0, width=100):
    compact = json.dumps(value, separators=(", ", ": "), ensure_ascii=False)
    if len(compact) + indent * 2 <= width or not isinstance(value, (dict, list)):
        return compact
    pad, inner = "  " * indent, "  " * (indent + 1)
    if isinstance(value, dict):
        items = [inner + json.dumps(k) + ": " + dumps(v, indent + 1, width) for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    items = [inner + dumps(v, indent + 1, width) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + pad + "]"
