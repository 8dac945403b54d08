// Which chunk each of the SPA's modules travels in (vite.config.ts, Rolldown's codeSplitting).
// Left to itself, the bundler makes one chunk per set of screens sharing a module: about a
// hundred chunks, many under a kilobyte, and a screen fetched thirty to forty of them. Over HTTP/1.1 a
// browser opens six connections to a server, so thirty files cost five round trips however small
// they are (a second and more on a slow phone). The plan keeps the route split (no screen's code
// in the landing, no form code in a lesson page) with a handful of chunks per screen:
//
// - `start`: the landing's modules (what src/main.tsx starts with and a guest's `/`), in one
//   chunk that index.html preloads;
// - `signed-in`: the signed-in shell and whatever two or more screens share beyond the landing;
// - `admin`: the admin's screens and what they share, which no other account loads;
// - `toasts`: react-toastify and its container, loaded after the landing's first paint;
// - every other screen or lazy part in a chunk of its own, with what only it uses (the bundler's
//   own split), and the form and chart libraries in theirs.

/** What Rolldown tells of a module (its ChunkingContext). */
export interface ModuleGraph {
  getModuleInfo: (
    id: string,
  ) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null
}

export interface ChunkPlanOptions {
  /** Absolute path of the SPA's sources' root (the folder holding src/ and contract/). */
  root: string
  /** Libraries of their own chunk (vite.config.ts's vendor group): no plan for them here. */
  vendor: RegExp
}

/** The landing's modules: main.tsx's start-up imports and the guest's `/` (as check-route-split.mjs lists them). */
export const LANDING_MODULES = [
  'src/shared/config/env.ts',
  'src/shared/i18n/i18n.ts',
  'src/app/app.tsx',
  'src/app/layouts/guest-layout.tsx',
  'src/app/routes/home.tsx',
  'src/app/routes/guest-home.tsx',
]
const ENTRY = 'src/main.tsx'
/** The shell every signed-in screen shows. */
const SIGNED_IN_SHELL = 'src/app/layouts/authenticated-layout.tsx'
/** The modules that load screens lazily: a screen is what one of them imports dynamically. */
const SCREEN_TABLES = [
  'src/app/router.tsx',
  'src/app/routes/home.tsx',
  'src/app/routes/dashboard.tsx',
]
const ADMIN_SCREEN = /src[\\/]app[\\/]routes[\\/]admin-[^\\/]*$/
const TOASTS = /node_modules[\\/](react-toastify|clsx)[\\/]|src[\\/]app[\\/]toasts\.tsx$/
const SOURCES = /[\\/](src|contract)[\\/]/

/**
 * The plan, made once from the module graph: a chunk name per module, none for the modules the
 * bundler places itself (a single screen's, the libraries of forms and charts).
 */
export const planChunks = (graph: ModuleGraph, { root, vendor }: ChunkPlanOptions) => {
  const path = (file: string) => `${root}/${file}`
  const info = (id: string) => graph.getModuleInfo(id)
  const staticClosure = (roots: string[]) => {
    const seen = new Set<string>()
    const visit = (id: string) => {
      if (seen.has(id) || vendor.test(id)) return
      seen.add(id)
      for (const imported of info(id)?.importedIds ?? []) visit(imported)
    }
    roots.forEach(visit)
    return seen
  }
  const plan = new Map<string, string>()
  // What the entry imports statically stays in the entry's chunk: the start-up's own modules are
  // imported dynamically, so that one failing to load or to run (a bad configuration) is shown
  // on the page (src/main.tsx).
  const entry = staticClosure([path(ENTRY)])
  const start = staticClosure(LANDING_MODULES.map(path))
  for (const id of start) if (!entry.has(id)) plan.set(id, 'start')

  const everything = new Set<string>()
  const walk = (id: string) => {
    if (everything.has(id)) return
    everything.add(id)
    const module = info(id)
    for (const next of [...(module?.importedIds ?? []), ...(module?.dynamicallyImportedIds ?? [])])
      walk(next)
  }
  walk(path(ENTRY))
  for (const id of everything) if (TOASTS.test(id) && !start.has(id)) plan.set(id, 'toasts')

  const screens = [
    ...new Set(SCREEN_TABLES.flatMap((table) => info(path(table))?.dynamicallyImportedIds ?? [])),
  ].filter((screen) => !start.has(screen))
  /** The screens each module is part of (statically), beyond the landing and the toasts. */
  const usedBy = new Map<string, string[]>()
  for (const screen of screens) {
    for (const id of staticClosure([screen])) {
      if (plan.has(id) || entry.has(id)) continue
      usedBy.set(id, [...(usedBy.get(id) ?? []), screen])
    }
  }
  /** Only sources can share a chunk: a library of one screen's closure stays with it. */
  const movable = (id: string) =>
    [...staticClosure([id])].every((dep) => plan.has(dep) || entry.has(dep) || SOURCES.test(dep))
  for (const [id, users] of usedBy) {
    if (!movable(id)) continue
    if (users.every((screen) => ADMIN_SCREEN.test(screen))) plan.set(id, 'admin')
    else if (users.length >= 2) plan.set(id, 'signed-in')
  }
  for (const id of staticClosure([path(SIGNED_IN_SHELL)])) {
    if (!plan.has(id) && !entry.has(id) && movable(id)) plan.set(id, 'signed-in')
  }
  return plan
}

/** The planned chunks, in the order they take their modules. */
const CHUNKS = ['start', 'toasts', 'signed-in', 'admin']

/**
 * Rolldown's groups for the plan, one per chunk, each taking its modules before the next: a
 * group also takes what its modules import (includeDependenciesRecursively), so the landing's
 * modules must be placed before a chunk importing them could take them. The plan is made on the
 * first call of a group's `name`, from the module graph Rolldown hands it.
 */
export const plannedGroups = (options: ChunkPlanOptions, priority: number) => {
  let plan: Map<string, string> | undefined
  return CHUNKS.map((chunk, index) => ({
    name: (id: string, graph: ModuleGraph) => {
      plan ??= planChunks(graph, options)
      return plan.get(id) === chunk ? chunk : null
    },
    priority: priority - index,
  }))
}
