// applyPatch applies an RFC 6902 JSON Patch (as the room's updates carry)
// to a copy of doc and returns the new document; doc itself is left as it
// was, so a page may still compare the old view with the new.
export function applyPatch(doc, ops) {
  let root = structuredClone(doc);
  for (const op of ops) {
    const path = split(op.path);
    switch (op.op) {
      case "add":
        root = put(root, path, structuredClone(op.value), true);
        break;
      case "replace":
        root = put(root, path, structuredClone(op.value), false);
        break;
      case "remove":
        root = remove(root, path);
        break;
      case "move": {
        const from = split(op.from);
        const v = get(root, from);
        root = put(remove(root, from), path, v, true);
        break;
      }
      case "copy":
        root = put(root, path, structuredClone(get(root, split(op.from))), true);
        break;
      case "test":
        if (JSON.stringify(get(root, path)) !== JSON.stringify(op.value)) throw new Error(`patch test failed at ${op.path}`);
        break;
      default:
        throw new Error(`unknown patch op ${op.op}`);
    }
  }
  return root;
}

function split(p) {
  if (p === "") return [];
  if (p[0] !== "/") throw new Error(`bad pointer ${p}`);
  return p.slice(1).split("/").map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
}

function get(root, path) {
  let v = root;
  for (const k of path) {
    if (v === null || typeof v !== "object" || !(k in v)) throw new Error(`no ${k} in patch path`);
    v = v[Array.isArray(v) ? index(k, v.length, false) : k];
  }
  return v;
}

function index(k, n, appendOK) {
  if (appendOK && k === "-") return n;
  const i = Number(k);
  if (!/^(0|[1-9][0-9]*)$/.test(k) || i > n || (!appendOK && i === n)) throw new Error(`bad index ${k}`);
  return i;
}

function put(root, path, value, insert) {
  if (path.length === 0) return value;
  const parent = get(root, path.slice(0, -1));
  const k = path[path.length - 1];
  if (Array.isArray(parent)) {
    const i = index(k, parent.length, insert);
    if (insert) parent.splice(i, 0, value);
    else parent[i] = value;
  } else if (parent !== null && typeof parent === "object") {
    if (!insert && !(k in parent)) throw new Error(`no ${k} to replace`);
    parent[k] = value;
  } else {
    throw new Error("patch path goes through a value");
  }
  return root;
}

function remove(root, path) {
  const parent = get(root, path.slice(0, -1));
  const k = path[path.length - 1];
  if (Array.isArray(parent)) parent.splice(index(k, parent.length, false), 1);
  else delete parent[k];
  return root;
}
