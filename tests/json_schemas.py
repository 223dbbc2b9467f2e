"""The JSON Schemas of Chunker's documents (docs/json/), loaded with Debian's
python3-jsonschema: validator("solve") checks a document against
docs/json/solve.schema.json, its references to common.schema.json resolved;
and the strings of a document, to look for file paths in them."""
import json
import os

import jsonschema

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "json")


def _load(name):
    with open(os.path.join(FOLDER, name + ".schema.json")) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema


def validator(name):
    common = _load("common")
    schema = _load(name)
    resolver = jsonschema.RefResolver.from_schema(schema, store={common["$id"]: common, schema["$id"]: schema})
    return jsonschema.Draft202012Validator(schema, resolver=resolver)


def problems(name, document):
    """Each way `document` breaks docs/json/NAME.schema.json, as 'path: message'."""
    errors = sorted(validator(name).iter_errors(document), key=lambda e: list(e.path))
    return [f"{'/'.join(map(str, e.path))}: {e.message}" for e in errors]


def strings(value, key=None):
    """Every string of a JSON document but its FENs (fields `fen` and `root`), which are made of slashes: where
    one holds a '/', a file path is in the document."""
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in strings(v, k)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v, key)]
    return [value] if isinstance(value, str) and key not in ("fen", "root") else []
