"""Paper Skylines: mayors stack building cards into cities, played with an original sample card set."""

from games.skylines.engine import SkylinesEngine

ENGINE = SkylinesEngine()
