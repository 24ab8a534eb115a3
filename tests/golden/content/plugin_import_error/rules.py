"""A rules module that fails to import."""

import not_a_module_anywhere  # noqa: F401
