"""The JSON Schemas of Chunker's documents (docs/json/), loaded with Debian's
python3-jsonschema: validator("solve") checks a document against
docs/json/solve.schema.json, its references to common.schema.json resolved."""
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
