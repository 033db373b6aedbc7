"""Papercraft: a free paper-army tabletop wargame, refereed."""

from games.papercraft.engine import PapercraftEngine

ENGINE = PapercraftEngine()
