# The package's public names, listed once: type checkers and editors read them here, and
# interpreter/__init__.py reads this file to import each on first use (SPEC 1's lazy stubs).
from .core.decisions import Decision as Decision
from .core.decisions import Option as Option
from .core.engine import Game as Game
from .core.errors import CorruptSaveError as CorruptSaveError
from .core.errors import IllegalDecisionError as IllegalDecisionError
from .core.errors import ModuleError as ModuleError
from .core.errors import RuleFaultError as RuleFaultError
from .core.errors import RulesError as RulesError
from .core.errors import RulesErrors as RulesErrors
from .core.errors import SchemaError as SchemaError
from .core.errors import YamlError as YamlError
from .core.model import Ruleset as Ruleset
from .loading.loader import load_ruleset as load_ruleset
from .sim.bots import GreedyBot as GreedyBot
from .sim.bots import RandomBot as RandomBot
from .sim.bots import make_bot as make_bot
from .sim.bots import play_out as play_out
from .sim.mcts import MctsBot as MctsBot
