/**
 * Python the worker runs once, after Pyodide starts: it evaluates to the function every run calls with
 * its source and its session's namespace. A traceback is written to stderr without the runner's own
 * frame, and the run answers the exception's last line (null when the code finished). Importing a
 * package outside the standard library, where no packages mirror is configured, says so in words.
 */
export const CELL_RUNNER = String.raw`
import sys, traceback


def _missing_package(exception, has_packages):
    if has_packages or not isinstance(exception, ModuleNotFoundError) or not exception.name:
        return None
    top = exception.name.partition('.')[0]
    return None if top in sys.stdlib_module_names else top


def _report(exception, has_packages):
    frames = exception.__traceback__.tb_next if exception.__traceback__ else None
    package = _missing_package(exception, has_packages)
    if package:
        last = f"ModuleNotFoundError: the package '{package}' is not available here: only Python's standard library can be imported"
        text = ''.join(['Traceback (most recent call last):\n', *traceback.format_tb(frames), last, '\n'])
    else:
        text = ''.join(traceback.format_exception(type(exception), exception, frames))
        last = text.rstrip('\n').rpartition('\n')[2]
    sys.stderr.write(text)
    return last


def _run_cell(source, namespace, has_packages):
    error = None
    try:
        exec(compile(source, '<cell>', 'exec'), namespace)
    except SystemExit as exit:
        if exit.code not in (None, 0):
            error = _report(exit, has_packages)
    except BaseException as exception:
        error = _report(exception, has_packages)
    sys.stdout.flush()
    sys.stderr.flush()
    return error


_run_cell
`;
