from tests.core.engines import RACE as ENGINE

__all__ = ["ENGINE"]
