import {
  ABORT_CATEGORIES,
  ABORT_CODES,
  ABORTS_BY_MODULE,
  type AbortName,
  ESCROW_VAULT_SEED,
  EVENTS,
  FUNCTIONS,
  type FunctionSpec,
  LIMITS,
  LIMITS_BY_MODULE,
  type LimitName,
  MODULES,
  type ModuleName,
  STATUS_CONSTANTS,
  STRUCTS,
  type StructSpec,
} from "#shared/contract";
import {
  abortExpressions,
  assertCalls,
  type MoveFunction,
  type MoveModule,
  type MoveParam,
  parseMoveModule,
} from "./move-source.js";

const PACKAGE_ADDRESS = "agent_platform";

const isModuleName = (name: string): name is ModuleName =>
  (MODULES as readonly string[]).includes(name);

const showParams = (params: readonly MoveParam[]): string =>
  params.map((p) => `${p.name}: ${p.type}`).join(", ");

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

function checkAbortConsts(module: MoveModule, name: ModuleName, problems: string[]): void {
  const declared = module.consts.filter((c) => /^E[A-Z0-9_]+$/.test(c.name));
  const expected: readonly AbortName[] = ABORTS_BY_MODULE[name];
  for (const c of declared) {
    if (!(expected as readonly string[]).includes(c.name)) {
      problems.push(`${name}: declares ${c.name}, which ABORTS_BY_MODULE does not list for it`);
      continue;
    }
    const row = ABORT_CODES[c.name as AbortName];
    if (c.type !== "u64") problems.push(`${name}::${c.name} has type ${c.type}, expected u64`);
    if (c.value !== String(row.reason)) {
      problems.push(`${name}::${c.name} = ${c.value}, the table says ${row.reason}`);
    }
    if (c.doc !== row.message) {
      problems.push(`${name}::${c.name} doc comment "${c.doc}" differs from "${row.message}"`);
    }
  }
  for (const abort of expected) {
    if (!declared.some((c) => c.name === abort)) problems.push(`${name}: ${abort} is not declared`);
  }
}

/** Every use of an abort constant is `error::<its category>(ENAME)`, and every abort site uses one. */
function checkAbortSites(module: MoveModule, name: ModuleName, problems: string[]): void {
  const declared = new Set(module.consts.map((c) => c.name));
  for (const abort of ABORTS_BY_MODULE[name]) {
    const category = ABORT_CODES[abort].category;
    let used = 0;
    for (const m of module.code.matchAll(new RegExp(`\\b${abort}\\b`, "g"))) {
      const before = module.code.slice(0, m.index);
      const after = module.code.slice(m.index + abort.length);
      if (/\bconst\s+$/.test(before)) continue;
      const call = /\berror\s*::\s*(\w+)\s*\(\s*$/.exec(before);
      if (!call || !/^\s*\)/.test(after)) {
        problems.push(`${name}: ${abort} is used outside error::${category}(${abort})`);
      } else if (call[1] !== category) {
        problems.push(`${name}: error::${call[1]}(${abort}), the table says ${category}`);
      } else used += 1;
    }
    if (used === 0) problems.push(`${name}: ${abort} is declared but never aborted with`);
  }
  for (const m of module.code.matchAll(/\berror\s*::\s*(\w+)\s*\(\s*([^)]*?)\s*\)/g)) {
    const [, category = "", argument = ""] = m;
    if (!(category in ABORT_CATEGORIES))
      problems.push(`${name}: unknown category error::${category}`);
    if (!declared.has(argument) || !/^E[A-Z0-9_]+$/.test(argument)) {
      problems.push(`${name}: error::${category}(${argument}) does not name an abort constant`);
    }
  }
  for (const args of assertCalls(module.code)) {
    const code = args[args.length - 1] ?? "";
    if (args.length < 2 || !/^error\s*::\s*\w+\s*\(\s*E[A-Z0-9_]+\s*\)$/.test(code)) {
      problems.push(`${name}: assert! with code "${code}" instead of error::<category>(ENAME)`);
    }
  }
  for (const expression of abortExpressions(module.code)) {
    if (!/^error\s*::\s*\w+\s*\(\s*E[A-Z0-9_]+\s*\)$/.test(expression)) {
      problems.push(`${name}: abort ${expression} instead of error::<category>(ENAME)`);
    }
  }
}

function checkLimitsAndStatus(module: MoveModule, name: ModuleName, problems: string[]): void {
  const limitNames: readonly LimitName[] = LIMITS_BY_MODULE[name];
  const limitLike = module.consts.filter(
    (c) => c.name in LIMITS || /^(MAX|MIN|DEFAULT)_/.test(c.name),
  );
  for (const c of limitLike) {
    if (!(limitNames as readonly string[]).includes(c.name)) {
      problems.push(`${name}: declares ${c.name}, which LIMITS_BY_MODULE does not list for it`);
    } else if (c.type !== "u64" || c.value !== String(LIMITS[c.name as LimitName])) {
      problems.push(
        `${name}::${c.name}: ${c.type} = ${c.value}, the table says u64 = ${LIMITS[c.name as LimitName]}`,
      );
    }
  }
  for (const limit of limitNames) {
    if (!limitLike.some((c) => c.name === limit))
      problems.push(`${name}: ${limit} is not declared`);
  }

  const statuses: Record<string, number> = STATUS_CONSTANTS[name];
  const u8Consts = module.consts.filter((c) => c.type === "u8");
  for (const c of u8Consts) {
    const value = statuses[c.name];
    if (value === undefined)
      problems.push(`${name}: u8 const ${c.name} is not in STATUS_CONSTANTS`);
    else if (c.value !== String(value)) {
      problems.push(`${name}::${c.name} = ${c.value}, the table says ${value}`);
    }
  }
  for (const status of Object.keys(statuses)) {
    if (!u8Consts.some((c) => c.name === status)) {
      problems.push(`${name}: const ${status}: u8 is not declared`);
    }
  }
}

function checkFunction(fn: MoveFunction, spec: FunctionSpec, problems: string[]): void {
  const where = `${spec.module}::${spec.name}`;
  if (fn.visibility !== "public") problems.push(`${where} is not public`);
  if (spec.kind === "entry") {
    if (!fn.entry) problems.push(`${where} is not an entry function`);
    const [signer, ...rest] = fn.params;
    if (signer?.type !== "&signer" || signer.name !== spec.signer) {
      problems.push(`${where}: first parameter should be ${spec.signer}: &signer`);
    }
    if (fn.returns.length > 0) problems.push(`${where}: an entry function returns nothing`);
    if (showParams(rest) !== showParams(spec.params)) {
      problems.push(
        `${where}(${showParams(rest)}) differs from the table (${showParams(spec.params)})`,
      );
    }
  } else {
    if (!fn.attributes.includes("view")) problems.push(`${where} lacks #[view]`);
    if (fn.entry) problems.push(`${where} is a view, not an entry function`);
    if (showParams(fn.params) !== showParams(spec.params)) {
      problems.push(
        `${where}(${showParams(fn.params)}) differs from the table (${showParams(spec.params)})`,
      );
    }
    if (!sameList(fn.returns, spec.returns)) {
      problems.push(
        `${where} returns (${fn.returns.join(", ")}), the table says (${spec.returns.join(", ")})`,
      );
    }
  }
}

function checkFunctions(modules: Map<ModuleName, MoveModule>, problems: string[]): void {
  const specs: FunctionSpec[] = Object.values(FUNCTIONS);
  for (const [name, module] of modules) {
    for (const fn of module.functions) {
      const exposed = fn.entry || fn.attributes.includes("view");
      const spec = specs.find((s) => s.module === name && s.name === fn.name);
      if (exposed && !spec) problems.push(`${name}::${fn.name} is not in the function table`);
      if (spec) checkFunction(fn, spec, problems);
    }
  }
  for (const spec of specs) {
    const module = modules.get(spec.module);
    if (module && !module.functions.some((fn) => fn.name === spec.name)) {
      problems.push(`${spec.module}::${spec.name} is in the table but not in the source`);
    }
  }
}

function checkStructs(modules: Map<ModuleName, MoveModule>, problems: string[]): void {
  const check = (structName: string, spec: StructSpec, event: boolean) => {
    const found = modules.get(spec.module)?.structs.find((s) => s.name === structName);
    const where = `${spec.module}::${structName}`;
    if (!found) {
      problems.push(`${where} is not declared`);
      return;
    }
    if (showParams(found.fields) !== showParams(spec.fields)) {
      problems.push(
        `${where} {${showParams(found.fields)}} differs from the table {${showParams(spec.fields)}}`,
      );
    }
    const abilities = event ? ["drop", "store"] : ["copy", "drop", "store"];
    if (!sameList([...found.abilities].sort(), abilities)) {
      problems.push(`${where} has ${found.abilities.join(", ")}, expected ${abilities.join(", ")}`);
    }
    if (found.attributes.includes("event") !== event) {
      problems.push(`${where} ${event ? "lacks" : "must not have"} #[event]`);
    }
  };
  for (const [name, spec] of Object.entries(STRUCTS)) check(name, spec, false);
  for (const [name, spec] of Object.entries(EVENTS)) check(name, spec, true);
  for (const [moduleName, module] of modules) {
    for (const s of module.structs) {
      const spec: StructSpec | undefined = (EVENTS as Record<string, StructSpec>)[s.name];
      if (s.attributes.includes("event") && spec?.module !== moduleName) {
        problems.push(`${moduleName}::${s.name} is an #[event] missing from EVENTS`);
      }
    }
  }
}

/**
 * The vault seed is declared once, in process_registry (which refuses the vault's address as a
 * payment address; payment creates the vault with it), and equals the seed the devnode derives
 * the vault's address from.
 */
function checkVaultSeed(modules: Map<ModuleName, MoveModule>, problems: string[]): void {
  const expected = `b"${ESCROW_VAULT_SEED}"`;
  for (const [name, module] of modules) {
    const seed = module.consts.find((c) => c.name === "VAULT_SEED");
    if (name !== "process_registry") {
      if (seed) problems.push(`${name}: declares VAULT_SEED; only process_registry may`);
    } else if (!seed) {
      problems.push("process_registry: VAULT_SEED is not declared");
    } else if (seed.type !== "vector<u8>" || seed.value !== expected) {
      problems.push(
        `process_registry::VAULT_SEED: ${seed.type} = ${seed.value}, the table says vector<u8> = ${expected}`,
      );
    }
  }
}

/**
 * Compares Move sources (file name -> text) with the contract table and returns every
 * disagreement as a sentence; an empty list means they agree.
 */
export function checkParity(sources: Record<string, string>): string[] {
  const problems: string[] = [];
  const modules = new Map<ModuleName, MoveModule>();
  for (const [file, text] of Object.entries(sources)) {
    const module = parseMoveModule(text);
    if (module.address !== PACKAGE_ADDRESS) {
      problems.push(`${file}: module address ${module.address}, expected ${PACKAGE_ADDRESS}`);
    }
    if (!isModuleName(module.name)) problems.push(`${file}: unexpected module ${module.name}`);
    else modules.set(module.name, module);
  }
  for (const name of MODULES) {
    const module = modules.get(name);
    if (!module) {
      problems.push(`module ${name} is missing`);
      continue;
    }
    checkAbortConsts(module, name, problems);
    checkAbortSites(module, name, problems);
    checkLimitsAndStatus(module, name, problems);
  }
  checkFunctions(modules, problems);
  checkStructs(modules, problems);
  checkVaultSeed(modules, problems);
  return problems;
}
