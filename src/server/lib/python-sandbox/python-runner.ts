/**
 * Python the worker runs once, at start: it blocks the modules that reach JavaScript, remembers the
 * interpreter's clean state, and evaluates to the function every run calls. A run gets a new globals
 * dict; afterwards the modules it imported and any change to builtins, sys.path or sys.meta_path are
 * undone, so the next run (another learner's) starts from the same clean interpreter.
 */
export const PYTHON_RUNNER = String.raw`
import builtins, gc, os, posix, shutil, sys, traceback

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


# Emscripten's system() would start a real shell on the host; the worker refuses it too (worker.ts).
os.system = posix.system = _no_programs

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
_home = os.getcwd()
# The in-memory file system outside /dev and /proc: a file one run writes (a module beside the working
# directory would shadow the standard library's) is gone before the next.
_SCRATCH = ('/tmp', '/home', '/lib')


def _files():
    return {os.path.join(root, name) for top in _SCRATCH for root, dirs, files in os.walk(top) for name in dirs + files}


_clean_files = _files()


def _restore():
    for name in [name for name in sys.modules if name not in _clean_modules]:
        del sys.modules[name]
    for module, names in _clean_namespaces.values():
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
        last = f"ModuleNotFoundError: the package '{package}' is not available here: only Python's standard library can be imported"
        text = ''.join(['Traceback (most recent call last):\n', *traceback.format_tb(frames), last, '\n'])
    else:
        text = ''.join(traceback.format_exception(type(exception), exception, frames))
        last = text.rstrip('\n').rpartition('\n')[2]
    sys.stderr.write(text)
    return last


def _run(source, test_code):
    namespace = {'__name__': '__main__', '__builtins__': builtins}
    error = None
    try:
        try:
            exec(compile(source, '<your code>', 'exec'), namespace)
            if test_code:
                exec(compile(test_code, '<tests>', 'exec'), namespace)
        except SystemExit as exit:
            if exit.code not in (None, 0):
                error = _report(exit)
        except BaseException as exception:
            error = _report(exception)
        sys.__stdout__.flush()
        sys.__stderr__.flush()
    finally:
        namespace.clear()
        _restore()
    return error


_run
`;
