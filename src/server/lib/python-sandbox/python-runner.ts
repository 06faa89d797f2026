/**
 * Python the worker runs once, at start: it blocks the modules that reach JavaScript, remembers the
 * interpreter's clean state, and evaluates to the function every run calls. A run gets a new globals
 * dict; afterwards the modules it imported and any change to builtins, sys.path or sys.meta_path are
 * undone, so the next run (another learner's) starts from the same clean interpreter.
 */
export const PYTHON_RUNNER = String.raw`
import ast, builtins, gc, importlib, os, posix, shutil, sys, traceback

# The ways into JavaScript, and ctypes: raw memory (a previous run's freed strings) and libc's system().
_BLOCKED = frozenset({'js', 'pyodide_js', 'pyodide', '_pyodide', '_pyodide_core', 'micropip', 'pyodide_http', 'ctypes', '_ctypes'})


class _BlockedImports:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name.partition('.')[0] in _BLOCKED:
            raise ModuleNotFoundError(f"No module named '{name}' (the sandbox does not allow it)", name=name)
        return None


def _no_programs(*args, **kwargs):
    raise OSError('running programs is not available in the sandbox')


def _no_audit_hooks(hook):
    raise RuntimeError('audit hooks are not available in the sandbox')


# Emscripten's system() would start a real shell on the host; the worker refuses it too (worker.ts).
os.system = posix.system = _no_programs
# An audit hook cannot be removed: it would see every later run's source (the compile event) on this worker.
sys.addaudithook = _no_audit_hooks

for _name in [name for name in sys.modules if name.partition('.')[0] in _BLOCKED]:
    del sys.modules[_name]
sys.meta_path.insert(0, _BlockedImports)

_clean_modules = set(sys.modules)
# Every loaded module's names, builtins' among them: one run's os.listdir = spy is not the next run's.
# (__main__ is this runner's own; runs never see it.)
_clean_namespaces = {name: (module, dict(module.__dict__)) for name, module in sys.modules.items() if name != '__main__'}
_clean_meta_path = list(sys.meta_path)
_clean_path = list(sys.path)
_clean_recursion_limit = sys.getrecursionlimit()
_clean_tools = {tool for tool in range(6) if sys.monitoring.get_tool(tool) is not None}
_clean_gc_callbacks = list(gc.callbacks)
_builtin_names = frozenset(name for name in vars(builtins) if not name.startswith('__'))
_home = os.getcwd()
# The in-memory file system outside /dev and /proc: a file one run writes (a module beside the working
# directory would shadow the standard library's) is gone before the next.
_SCRATCH = ('/tmp', '/home', '/lib')


def _files():
    return {os.path.join(root, name) for top in _SCRATCH for root, dirs, files in os.walk(top) for name in dirs + files}


_clean_files = _files()


def _reset_interpreter():
    """Modules, builtins and hooks as they were: what a run changed reaches neither the tests nor the next run."""
    sys.settrace(None)
    sys.setprofile(None)
    for tool in range(6):
        if sys.monitoring.get_tool(tool) is not None and tool not in _clean_tools:
            sys.monitoring.clear_tool_id(tool)
            sys.monitoring.free_tool_id(tool)
    gc.callbacks[:] = _clean_gc_callbacks
    for module_name, (module, names) in _clean_namespaces.items():
        # sys.modules['json'] = fake would hand the fake to the next import of json.
        if sys.modules.get(module_name) is not module:
            sys.modules[module_name] = module
        namespace = module.__dict__
        for name in [name for name in namespace if name not in names]:
            del namespace[name]
        for name, value in names.items():
            if namespace.get(name, _clean_namespaces) is not value:
                namespace[name] = value
    sys.meta_path[:] = _clean_meta_path
    sys.path[:] = _clean_path
    sys.setrecursionlimit(_clean_recursion_limit)
    sys.stdout = sys.__stdout__
    sys.stderr = sys.__stderr__


def _restore():
    _reset_interpreter()
    for name in [name for name in sys.modules if name not in _clean_modules]:
        del sys.modules[name]
    os.chdir(_home)
    for path in sorted(_files() - _clean_files, reverse=True):
        try:
            if os.path.isdir(path) and not os.path.islink(path):
                shutil.rmtree(path)
            else:
                os.remove(path)
        except OSError:
            pass
    gc.collect()


def _missing_package(exception):
    if not isinstance(exception, ModuleNotFoundError) or not exception.name:
        return None
    top = exception.name.partition('.')[0]
    if top in sys.stdlib_module_names or top in _BLOCKED:
        return None
    return top


def _report(exception):
    frames = exception.__traceback__.tb_next if exception.__traceback__ else None
    package = _missing_package(exception)
    if package:
        where = 'the package mirror does not have it' if _mirrored else 'its packages are not mirrored (PYODIDE_PACKAGES_URL)'
        last = f"ModuleNotFoundError: {package} is not available on this server: {where}"
        text = ''.join(['Traceback (most recent call last):\n', *traceback.format_tb(frames), last, '\n'])
    else:
        text = ''.join(traceback.format_exception(type(exception), exception, frames))
        last = text.rstrip('\n').rpartition('\n')[2]
    sys.stderr.write(text)
    return last


def _imports(source, test_code):
    """Top-level names the sources import from outside the standard library (for the packages mirror)."""
    names = set()
    for code in (source, test_code):
        try:
            tree = ast.parse(code or '')
        except (SyntaxError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name.partition('.')[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module.partition('.')[0])
    return sorted(name for name in names if name not in sys.stdlib_module_names and name not in _BLOCKED)


def _accept():
    """Installed packages' files become part of the clean state, so no reset deletes them."""
    global _clean_files
    _clean_files = _files()
    importlib.invalidate_caches()


def _tests_namespace(namespace):
    """The learner's names for the tests, minus those that would stand in for a builtin (a fake type or isinstance)."""
    tests = {name: value for name, value in namespace.items() if name not in _builtin_names}
    tests['__builtins__'] = builtins
    return tests


def _run(source, test_code):
    namespace = {'__name__': '__main__', '__builtins__': builtins}
    error = None
    try:
        try:
            exec(compile(source, '<your code>', 'exec'), namespace)
        except SystemExit as exit:
            # With tests, exiting (even with 0) means they never ran: not a pass.
            if test_code or exit.code not in (None, 0):
                error = _report(exit)
        except BaseException as exception:
            error = _report(exception)
        if test_code and error is None:
            _reset_interpreter()
            try:
                exec(compile(test_code, '<tests>', 'exec'), _tests_namespace(namespace))
            except BaseException as exception:
                # SystemExit included: a learner's function the tests call may raise it.
                error = _report(exception)
        sys.__stdout__.flush()
        sys.__stderr__.flush()
    finally:
        namespace.clear()
        _restore()
    return error


_run, _imports, _accept
`;
