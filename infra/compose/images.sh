# The container images of the stack, read from the compose files (sourced, never run):
#   stack_images      every image `make up` can run: the project's (tagged with the release,
#                     docker-compose.yml), the database's, and the monitoring profile's
#   project_images    "service image" for each image the project builds
# make bundle saves them, make up BUNDLE=… checks they all arrived, make upgrade keeps the running
# release's (make rollback starts them again).
# shellcheck shell=bash
compose_images() { # FILE: every image: line of a compose file (the anchored Postgres one too)
  sed -n -e 's/^ *image: \([^*][^ ]*\)$/\1/p' -e 's/^x-postgres-image: &postgres-image //p' "$1"
}
stack_images() {
  {
    compose_images docker-compose.yml
    compose_images infra/monitoring/compose.yml
  } | sort -u
}
project_images() {
  awk '/^  [a-z-]+:$/ { service = substr($1, 1, length($1) - 1) }
    /^    image: proposal-site\// { print service, $2 }' docker-compose.yml
}
