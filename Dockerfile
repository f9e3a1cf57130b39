# The All Fours Discord bot: a small image that runs `python -m bot` as an unprivileged user
# under tini, with the SQLite database on a volume at /app/data. See compose.yaml, and
# "Run with Docker" in README.md for the restart policy and what each exit status means.
#
#   docker compose up -d --build
# or
#   docker build -t allfours-bot .
#   docker run -d --name allfours --restart unless-stopped --env-file .env \
#       -v allfours-data:/app/data allfours-bot

# --- build: the dependencies alone, in layers that only pyproject.toml invalidates ---------
FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH
WORKDIR /src
COPY pyproject.toml ./
# The [project] dependencies, read from pyproject.toml, without the code: a code change does
# not reinstall them. (The code runs from /app, next to its SQL migrations, uninstalled.)
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" > requirements.txt \
    && pip install --requirement requirements.txt

# --- engine: the hot modules compiled to C by mypyc (scripts/compile_engine.py) --------------
# The same source, several times faster on the computer players' simulation path. The
# compiler stays in this stage; the run stage gets the built engine alone.
FROM python:3.11-slim AS engine
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN apt-get update \
    && apt-get install --yes --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /opt/venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH
WORKDIR /src
COPY pyproject.toml ./
RUN pip install "$(python -c "import tomllib; print(next(r for r in tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']['dev'] if r.startswith('mypy')))")" setuptools
COPY engine ./engine
COPY scripts/compile_engine.py ./scripts/
RUN python scripts/compile_engine.py \
    && mkdir /out && cp -r engine /out/ && cp ./*__mypyc*.so /out/

# --- run ------------------------------------------------------------------------------------
FROM python:3.11-slim
# tini as PID 1 passes docker stop's SIGTERM on to the bot (which stops gracefully and exits 0)
# and reaps zombies; the bot handles SIGTERM itself too, so `docker run --init` is not needed.
# The fonts of the table pictures (bot/picture/fonts.py): Noto Sans CJK for names in any
# script and DejaVu Sans for the Latin letters it lacks. Only the two Sans collections are
# kept (about 43 MB); the Serif ones are never used.
RUN apt-get update \
    && apt-get install --yes --no-install-recommends tini fonts-noto-cjk fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/* /usr/share/fonts/opentype/noto/NotoSerifCJK-*.ttc
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/venv/bin:$PATH \
    DATABASE_URL=sqlite:////app/data/allfours.db
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin allfours
COPY --from=build /opt/venv /opt/venv
WORKDIR /app
RUN mkdir /app/data && chown allfours:allfours /app/data
COPY --from=engine /out/ ./
COPY bot ./bot
COPY cogs ./cogs
USER allfours
VOLUME ["/app/data"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# A configuration error (exit status 2) would make `restart: unless-stopped` start the bot
# again and again with the same error: in the image the bot prints it once and waits instead.
CMD ["python", "-m", "bot", "--wait-on-config-error"]
