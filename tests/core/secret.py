from tests.core.engines import SECRET as ENGINE

__all__ = ["ENGINE"]
