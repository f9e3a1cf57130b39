# The All Fours Discord bot: a small image that runs `python -m bot` as an unprivileged user
# (uid 10001) under tini, with the SQLite database on a volume at /app/data. See compose.yaml,
# and "Run with Docker" in README.md for the restart policy, the health check and what each
# exit status means.
#
#   docker compose up -d --build
# or
#   docker build -t allfours-bot .
#   docker run -d --name allfours --restart unless-stopped --env-file .env \
#       -v allfours-data:/app/data allfours-bot

# The base image, pinned by digest: a rebuild months later starts from the same bytes. To move
# to a newer python:3.11-slim, put its digest here (docker buildx imagetools inspect
# python:3.11-slim) and rebuild.
ARG PYTHON_IMAGE=python:3.11-slim@sha256:9c900dea9e8fb7e16277c179b555cc72d29a352dbc33cff48ad5a0412fd5bfc7

# --- build: the dependencies alone, in layers that only pyproject.toml invalidates ---------
FROM ${PYTHON_IMAGE} AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH
WORKDIR /src
COPY pyproject.toml constraints.txt ./
# The [project] dependencies, read from pyproject.toml, without the code: a code change does
# not reinstall them. (The code runs from /app, next to its SQL migrations, uninstalled.)
# constraints.txt pins them, and theirs, to the versions the tests ran with.
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" > requirements.txt \
    && pip install --constraint constraints.txt --requirement requirements.txt

# --- engine: the hot modules compiled to C by mypyc (scripts/compile_engine.py) --------------
# The same source, several times faster on the computer players' simulation path. The
# compiler stays in this stage; the run stage gets the built engine alone.
FROM ${PYTHON_IMAGE} AS engine
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN apt-get update \
    && apt-get install --yes --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /opt/venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH
WORKDIR /src
COPY pyproject.toml constraints.txt ./
RUN pip install --constraint constraints.txt "$(python -c "import tomllib; print(next(r for r in tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']['dev'] if r.startswith('mypy')))")" setuptools
COPY engine ./engine
# The registration list of the games (bot.games) says which engine modules to compile.
COPY bot/__init__.py bot/games.py ./bot/
COPY scripts/compile_engine.py ./scripts/
# cp -p keeps the file times: the engine refuses to import a compiled module older than its
# source (engine/build.py), and a plain copy could leave a .py newer than its .so.
RUN python scripts/compile_engine.py \
    && mkdir /out && cp -rp engine /out/ && cp ./*__mypyc*.so /out/

# --- run ------------------------------------------------------------------------------------
FROM ${PYTHON_IMAGE}
# tini as PID 1 passes docker stop's SIGTERM on to the bot (which stops gracefully and exits 0)
# and reaps zombies; the bot handles SIGTERM itself too, so `docker run --init` is not needed.
# The fonts of the table pictures (bot/picture/fonts.py): Noto Sans CJK for names in any
# script and DejaVu Sans for the Latin letters it lacks. Only the two Sans collections are
# kept (about 43 MB); the Serif ones are never used.
RUN apt-get update \
    && apt-get install --yes --no-install-recommends tini fonts-noto-cjk fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/* /usr/share/fonts/opentype/noto/NotoSerifCJK-*.ttc
# PYTHONPATH: the tools (python -m bot.health, bot.backup...) run from any working folder.
# HEALTH_SOCKET: where the bot answers the HEALTHCHECK below.
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/venv/bin:$PATH \
    PYTHONPATH=/app \
    DATABASE_URL=sqlite:////app/data/allfours.db \
    HEALTH_SOCKET=/tmp/allfours-health.sock
# A fixed uid and gid, named by number below: the owner a bind-mounted data folder needs
# (README: "Who owns the data"), and one Kubernetes' runAsNonRoot can verify.
RUN groupadd --gid 10001 allfours \
    && useradd --uid 10001 --gid 10001 --create-home --shell /usr/sbin/nologin allfours
COPY --from=build /opt/venv /opt/venv
WORKDIR /app
RUN mkdir /app/data && chown 10001:10001 /app/data
COPY --from=engine /out/ ./
COPY bot ./bot
COPY cogs ./cogs
USER 10001:10001
VOLUME ["/app/data"]
# Healthy only while the bot is connected to Discord and its database answers (bot/health.py);
# unhealthy while it starts (after the start period), waits on a configuration error, or is
# stopped. Three failures in a row, half a minute apart, make the container unhealthy.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot.health"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# A configuration error (exit status 2) would make `restart: unless-stopped` start the bot
# again and again with the same error: in the image the bot prints it once and waits instead.
CMD ["python", "-m", "bot", "--wait-on-config-error"]
