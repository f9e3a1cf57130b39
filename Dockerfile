# The All Fours Discord bot: a small image that runs `python -m bot` as an unprivileged user,
# with the SQLite database on a volume at /app/data.
#
#   docker build -t allfours-bot .
#   docker run -d --name allfours --restart unless-stopped --env-file .env \
#       -v allfours-data:/app/data allfours-bot

# --- build: install the dependencies into a virtual environment ---------------------------
FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python -m venv /opt/venv
ENV PATH=/opt/venv/bin:$PATH
WORKDIR /src
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY cogs ./cogs
# Only the dependencies stay installed: the code runs from /app, next to its SQL migrations.
RUN pip install . && pip uninstall --yes allfours-bot

# --- run ------------------------------------------------------------------------------------
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/venv/bin:$PATH \
    DATABASE_URL=sqlite:////app/data/allfours.db
# Fonts of the table pictures (bot/picture/fonts.py): Noto Sans CJK for names in any script
# and DejaVu Sans for the Latin letters it lacks. Only the two Sans collections are kept
# (about 43 MB); the Serif ones are never used.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-noto-cjk fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/* /usr/share/fonts/opentype/noto/NotoSerifCJK-*.ttc
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin allfours
COPY --from=build /opt/venv /opt/venv
WORKDIR /app
COPY engine ./engine
COPY bot ./bot
COPY cogs ./cogs
RUN mkdir /app/data && chown allfours:allfours /app/data
USER allfours
VOLUME ["/app/data"]
CMD ["python", "-m", "bot"]
