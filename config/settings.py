"""Settings read from the environment.

With no configuration the site runs on SQLite, Channels' in-memory layer and
Celery in eager mode. ``DATABASE_URL`` switches to PostgreSQL (psycopg 3) and
``REDIS_URL`` to channels-redis plus a Redis Celery broker.
"""
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from config.redis_retry import command_retry

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name, default=False):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_bool("DJANGO_DEBUG", False)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if DEBUG:
        # Development only: a key that is never valid in production.
        SECRET_KEY = "insecure-development-key-do-not-use-in-production"
    else:
        raise ImproperlyConfigured(
            "Set DJANGO_SECRET_KEY (or DJANGO_DEBUG=1 for local development)."
        )

ALLOWED_HOSTS = [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",") if h]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o]

# No server app: `python -m config.serve` serves the site (uvicorn, HTTP and WebSockets); `runserver` is Django's
# own, HTTP only.
INSTALLED_APPS = [
    "config.apps.SiteConfig",
    "config.apps.DesignersAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "simple_history",
    "channels",
    "cards",
    "games",
    "stats",
    "axes",  # login lockouts (config/login_lockout.py)
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.middleware.SiteContentSecurityPolicyMiddleware",  # CONTENT_SECURITY_POLICY below
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "config.middleware.RefuseNullCharactersMiddleware",  # NUL in an address: a 400, never a PostgreSQL error
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions, before common: picks the language from the cookie, then the browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A logged-in user's saved language wins over the cookie and the browser (games.language).
    "games.language.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "cards.middleware.CardLanguageMiddleware",  # /api/: ?lang= or Accept-Language (docs/api.md "Language")
    "axes.middleware.AxesMiddleware",  # last: a locked-out login's answer (config/login_lockout.py)
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "0")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several writers (web + worker, the in-process scheduler, several ASGI processes) wait for the lock instead of
    # failing at once: transactions take the write lock when they begin (IMMEDIATE), so two that read then write
    # cannot deadlock upgrading their read locks, which SQLite answers at once with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update(timeout=20, transaction_mode="IMMEDIATE")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")

if REDIS_URL:
    # redis-py 8 reads with a 5 s socket timeout, as long as channels-redis' blocking receive (BZPOPMIN,
    # 5 s): an idle socket's receive then fails and closes it with 1011 (redis/redis-py#4091). The read
    # timeout must exceed the blocking wait.
    CHANNEL_REDIS_SOCKET_TIMEOUT = float(os.environ.get("CHANNEL_REDIS_SOCKET_TIMEOUT", "30"))
    # Redis connections per process for the layer, at most: past them, a command waits for one to come free
    # (config/channel_layer.py), as when hundreds of sockets open or close at once.
    CHANNEL_REDIS_MAX_CONNECTIONS = int(os.environ.get("CHANNEL_REDIS_MAX_CONNECTIONS", "100"))
    # Messages waiting on a process's channel before more are dropped (they also expire after 60 s).
    CHANNEL_REDIS_PROCESS_CAPACITY = int(os.environ.get("CHANNEL_REDIS_PROCESS_CAPACITY", "10000"))
    # Redis pub/sub, at most once: a socket that may have missed messages (the subscription lost and back,
    # or CHANNEL_SOCKET_CAPACITY messages left untaken) is told to resync (config/pubsub_layer.py).
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "config.pubsub_layer.ResyncingPubSubChannelLayer",
            # A lost connection is opened again and the command retried (config/redis_retry.py).
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": CHANNEL_REDIS_SOCKET_TIMEOUT,
                                  "max_connections": CHANNEL_REDIS_MAX_CONNECTIONS, "retry": command_retry()}],
                       "socket_capacity": int(os.environ.get("CHANNEL_SOCKET_CAPACITY", "100"))},
        }
    }
    # Tests only (games/tests/test_faults.py): group messages with these event numbers are dropped on delivery.
    if os.environ.get("CHANNEL_LAYER_TEST_DROP_SEQS"):
        CHANNEL_LAYERS["default"]["CONFIG"]["test_drop_seqs"] = [
            int(seq) for seq in os.environ["CHANNEL_LAYER_TEST_DROP_SEQS"].split(",")]
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# Celery: eager (in-process) unless a broker is configured.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", REDIS_URL or "memory://")
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", REDIS_URL or "cache+memory://")
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", not (REDIS_URL or os.environ.get("CELERY_BROKER_URL")))
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = "UTC"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("fr", "Français")]
LOCALE_PATHS = [BASE_DIR / "locale"]  # the site's catalogue (docs/translating.md)
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("DJANGO_MEDIA_ROOT", BASE_DIR / "media"))
WHITENOISE_USE_FINDERS = DEBUG
# The site serves uploaded pictures itself unless a web server in front does (DJANGO_SERVE_MEDIA=0).
SERVE_MEDIA = env_bool("DJANGO_SERVE_MEDIA", True)

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

REST_FRAMEWORK = {
    # Basic first: a write without credentials answers 401 with a WWW-Authenticate challenge (docs/api.md).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "cards.api_input.SafeBasicAuthentication",
        "games.api_tokens.authentication.ApiTokenAuthentication",  # programs: Authorization: Bearer mkt_...
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PARSER_CLASSES": [
        "cards.api_input.SafeJSONParser",
        "cards.api_input.SafeFormParser",
        "cards.api_input.SafeMultiPartParser",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["cards.permissions.IsDesignerOrReadOnly"],
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        "rest_framework.filters.SearchFilter",
        "rest_framework.filters.OrderingFilter",
    ],
    "DEFAULT_PAGINATION_CLASS": "cards.pagination.CardPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "cards.api_schema.CardAPISchema",
    "EXCEPTION_HANDLER": "cards.api_errors.json_exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Card database and live games API",
    "DESCRIPTION": "Cards of Machi Koro (Minivilles), Lorenzo il Magnifico, Valeria: Card Kingdoms and Progress: "
    "Evolution of Technology; read anonymously, write as a designer.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
}

if not DEBUG:
    SESSION_COOKIE_HTTPONLY = True
    CSRF_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", False)
    SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", False)

# Throttling and lockouts (docs/operations.md "Throttling"). The client's address: REMOTE_ADDR, or with N trusted
# proxies in front the address the last of them appended to X-Forwarded-For (games/rate_limits.py).
TRUSTED_PROXIES = int(os.environ.get("DJANGO_TRUSTED_PROXIES", "0"))
# The counters live in the "limits" cache: Redis with REDIS_URL (shared by every process), else in memory.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "limits": ({"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL,
                "KEY_PREFIX": "limits", "OPTIONS": {"socket_timeout": 2, "socket_connect_timeout": 2}}
               if REDIS_URL else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "limits"}),
}
REST_FRAMEWORK["DEFAULT_THROTTLE_CLASSES"] = [
    "config.throttling.AnonRateThrottle", "config.throttling.UserRateThrottle", "config.throttling.ScopedRateThrottle",
    "games.api_tokens.throttling.TokenRateThrottle",
]
# "N/second|minute|hour|day"; "off" (or empty) for no limit. "calculator": the score calculators, per client.
def env_rate(name, default):
    rate = os.environ.get(name, default).strip()
    return None if rate.lower() in {"", "off"} else rate


REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {
    "anon": env_rate("API_THROTTLE_ANON", "120/min"),
    "user": env_rate("API_THROTTLE_USER", "1200/min"),
    "calculator": env_rate("API_THROTTLE_CALCULATOR", "30/min"),
    "token": env_rate("API_THROTTLE_TOKEN", "600/min"),  # per API token (games/api_tokens/), on top of the above
}
GAMES_GUEST_RATE = env_rate("GAMES_GUEST_RATE", "30/hour")  # guests created per client address
# Accounts (games/accounts/): sign-ups, password-reset requests and confirmation mails, per client address and
# per e-mail address or account; a confirmation link lasts ACCOUNT_CONFIRMATION_DAYS (docs/operations.md "Accounts").
GAMES_SIGNUP_RATE = env_rate("GAMES_SIGNUP_RATE", "10/hour")               # sign-ups per client address
GAMES_PASSWORD_RESET_RATE = env_rate("GAMES_PASSWORD_RESET_RATE", "10/hour")  # reset requests per client address
GAMES_PASSWORD_RESET_MAIL_RATE = env_rate("GAMES_PASSWORD_RESET_MAIL_RATE", "3/hour")  # reset mails per address
GAMES_CONFIRMATION_MAIL_RATE = env_rate("GAMES_CONFIRMATION_MAIL_RATE", "3/hour")  # confirmation mails per account
ACCOUNT_CONFIRMATION_DAYS = float(os.environ.get("ACCOUNT_CONFIRMATION_DAYS", "7"))
PASSWORD_RESET_TIMEOUT = int(float(os.environ.get("PASSWORD_RESET_HOURS", "24")) * 3600)
# Until the SMTP settings (issue 33's e-mail part) replace this line: mails are printed on the console.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
AUTHENTICATION_BACKENDS = ["config.login_lockout.LockoutBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))  # failed logins per username and address
AXES_COOLOFF_TIME = timedelta(minutes=float(os.environ.get("LOGIN_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True  # failures only: no row for every successful login
AXES_HANDLER = "config.login_lockout.LockoutHandler"
AXES_LOCKOUT_CALLABLE = "config.login_lockout.lockout_response"
AXES_CLIENT_IP_CALLABLE = "games.rate_limits.client_ip"
AXES_USERNAME_CALLABLE = "config.login_lockout.counted_username"

# Headers (docs/operations.md "Headers"): scripts and styles from the site itself or carrying the request's nonce.
CONTENT_SECURITY_POLICY = {"DIRECTIVES": {
    "default-src": [SELF],
    "script-src": [SELF, NONCE],
    "style-src": [SELF, NONCE],
    "img-src": [SELF, "data:"],
    "font-src": [SELF, "data:"],
    "connect-src": [SELF],  # and ws(s)://this host (config/middleware.py)
    "worker-src": [SELF, "blob:"],
    "object-src": [NONE],
    "base-uri": [SELF],
    "form-action": [SELF],
    "frame-ancestors": [NONE],
}}
if env_bool("DJANGO_SECURE_COOKIES", False) and not DEBUG:
    # Sent on HTTPS answers only (behind a proxy: config/serve.py reads X-Forwarded-Proto with DJANGO_TRUSTED_PROXIES).
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", False)
    SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", False)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}

# Live games (games app): bot pacing, absent players, lobby expiry and the periodic sweeper.
GAMES_BOT_DELAY = float(os.environ.get("GAMES_BOT_DELAY", "0.8"))  # seconds before each bot move, with or without a worker
GAMES_BOT_STALL = float(os.environ.get("GAMES_BOT_STALL", "20"))  # a bot move this late (after the delay) is restarted by the sweeper
GAMES_ABSENCE_GRACE = float(os.environ.get("GAMES_ABSENCE_GRACE", "45"))  # seconds offline before a bot plays
GAMES_LOBBY_TTL = int(os.environ.get("GAMES_LOBBY_TTL", str(30 * 60)))  # idle lobby nobody is in expires
GAMES_LOBBY_MAX_AGE = 6 * 3600  # any lobby untouched this long expires
# A lobby whose host has had no socket open for this many seconds closes (the sweeper; 0: never, for this reason).
GAMES_LOBBY_ABANDON_AFTER = float(os.environ.get("GAMES_LOBBY_ABANDON_AFTER", str(15 * 60)))
# A suspended game (Volity's volity.suspend_game) resumes by itself after this many seconds, ready or not.
GAMES_SUSPENSION_LIMIT = float(os.environ.get("GAMES_SUSPENSION_LIMIT", str(30 * 60)))
# Presence: each ASGI process refreshes its player sockets' rows every heartbeat; a row not refreshed for
# the TTL belongs to a dead socket. The absence grace counts from the last sign of life.
GAMES_PRESENCE_HEARTBEAT = float(os.environ.get("GAMES_PRESENCE_HEARTBEAT", "15"))
GAMES_PRESENCE_TTL = float(os.environ.get("GAMES_PRESENCE_TTL", "40"))
# The sweeper: Celery beat runs it every GAMES_SWEEP_SECONDS with a broker; without one (eager Celery) each
# ASGI process runs it itself (games/scheduler.py), the due work every GAMES_SCHEDULER_TICK seconds.
GAMES_SWEEP_SECONDS = float(os.environ.get("GAMES_SWEEP_SECONDS", "5"))
GAMES_SCHEDULER = env_bool("GAMES_SCHEDULER", CELERY_TASK_ALWAYS_EAGER)
GAMES_SCHEDULER_TICK = float(os.environ.get("GAMES_SCHEDULER_TICK", "1"))
CELERY_BEAT_SCHEDULE = {
    "games-sweep": {"task": "games.tasks.sweep_games", "schedule": GAMES_SWEEP_SECONDS},
}
# ASGI processes: seconds between the collector's full passes, which come on this clock only (config/collector.py);
# 0 leaves CPython's own schedule.
GAMES_GC_FULL_PASS_SECONDS = float(os.environ.get("GAMES_GC_FULL_PASS_SECONDS", "20"))
GAMES_DB_THREADS = int(os.environ.get("GAMES_DB_THREADS", "4"))  # database threads (and connections) per ASGI process (PostgreSQL)
GAMES_ECHO_SOCKET = env_bool("GAMES_ECHO_SOCKET", DEBUG)  # /ws/echo/: the benchmark's baseline socket
TEMPLATES[0]["OPTIONS"]["context_processors"].append("games.context_processors.player")
# The games of the site: their declarations (config/games.py, config/registry.py); GAMES_EXTRA adds more
# (comma-separated dotted paths to config.registry.Game declarations, say the platform's test game).
GAMES = "config.games.GAMES"
GAMES_EXTRA = [p for p in os.environ.get("GAMES_EXTRA", "").split(",") if p]
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "celery")
# REDIS_CHANNEL_LAYER=lean: the hand-written core layer (config/channel_layer.py), kept as the live bench's
# baseline; =stock: channels-redis' core layer as it ships. Both queue messages in Redis (no resync needed).
if REDIS_URL and os.environ.get("REDIS_CHANNEL_LAYER") in ("lean", "stock"):
    CHANNEL_LAYERS["default"]["BACKEND"] = {"lean": "config.channel_layer.LeanRedisChannelLayer",
                                            "stock": "channels_redis.core.RedisChannelLayer"}[os.environ["REDIS_CHANNEL_LAYER"]]
    CHANNEL_LAYERS["default"]["CONFIG"] = {
        "hosts": CHANNEL_LAYERS["default"]["CONFIG"]["hosts"],
        # A process's own channel carries the messages of all its sockets: at the stock capacity (100) a
        # pause of a few hundred ms with a thousand sockets open dropped updates.
        "channel_capacity": {"specific.*": CHANNEL_REDIS_PROCESS_CAPACITY}}

# Web Push (games/webpush/, docs/operations.md "Web Push"): the VAPID key pair, both base64url as
# `manage.py vapid_keys` prints them, and a contact for the push services (mailto: or https:). Without both keys
# push is off: the page says so and nothing is sent.
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "").strip()
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "").strip()
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "").strip() or "mailto:webmaster@localhost"
# Push services a subscription's endpoint may name (host suffixes, comma-separated; "*" for any HTTPS host): the
# site POSTs to these addresses, so an arbitrary one would let a visitor make the server call anywhere.
WEBPUSH_ENDPOINT_HOSTS = [h.strip().lower() for h in os.environ.get(
    "WEBPUSH_ENDPOINT_HOSTS",
    "fcm.googleapis.com,android.googleapis.com,push.services.mozilla.com,push.apple.com,notify.windows.com",
).split(",") if h.strip()]
# Plain-HTTP and local endpoints (a push service on this machine): development and tests only.
WEBPUSH_ALLOW_LOCAL_ENDPOINTS = env_bool("WEBPUSH_ALLOW_LOCAL_ENDPOINTS", DEBUG)
WEBPUSH_TTL = int(os.environ.get("WEBPUSH_TTL", str(24 * 3600)))  # seconds a push service keeps an undelivered message
WEBPUSH_TIMEOUT = float(os.environ.get("WEBPUSH_TIMEOUT", "10"))  # seconds per request to a push service

# Statistics (stats app): the periodic task adds newly finished games to the site-wide totals.
STATS_SITE_REFRESH_SECONDS = float(os.environ.get("STATS_SITE_REFRESH_SECONDS", "600"))
CELERY_BEAT_SCHEDULE["stats-refresh-site"] = {
    "task": "stats.tasks.refresh_site_statistics", "schedule": STATS_SITE_REFRESH_SECONDS,
}

# Ratings (games/ratings/, docs/playing.md "Ratings"): a rating is provisional (shown with "?") until its player has
# finished this many rated games of that game.
RATINGS_PROVISIONAL_GAMES = int(os.environ.get("RATINGS_PROVISIONAL_GAMES", "10"))
RATINGS_PAGE_SIZE = 50  # players per leaderboard page (the API's page_size may ask for up to 200)
# E-mail (notifications; docs/operations.md "E-mail"): SMTP with EMAIL_HOST, else printed on the console.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587" if env_bool("EMAIL_USE_TLS", False) else "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = float(os.environ.get("EMAIL_TIMEOUT", "20"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Card tables <noreply@localhost>")
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else "django.core.mail.backends.console.EmailBackend")
# The site's address, for the links in e-mails (no request to read it from).
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000")
# At most one "your turn" e-mail per game and player in this many seconds.
NOTIFICATIONS_TURN_EMAIL_SECONDS = int(os.environ.get("NOTIFICATIONS_TURN_EMAIL_SECONDS", "3600"))
TEMPLATES[0]["OPTIONS"]["context_processors"].append("games.notifications.context_processors.notifications")
