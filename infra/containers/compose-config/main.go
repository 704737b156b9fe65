// compose-config loads a compose file as `docker compose config` does, with compose-go (the loader of
// Docker Compose v2): the compose-spec schema, interpolation, YAML merge keys, and the references
// between services, volumes and networks. It also checks that every service of the repository (a
// folder of services/ with src/main.ts) is in the file, built from the root Dockerfile with its
// SERVICE build argument. Usage: compose-config <compose file> <services folder>
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: compose-config <compose file> <services folder>")
		os.Exit(2)
	}
	project, err := load(os.Args[1])
	if err != nil {
		fail(err)
	}
	missing, err := unbuiltServices(project, os.Args[2])
	if err != nil {
		fail(err)
	}
	if len(missing) > 0 {
		fail(fmt.Errorf("not built from the Dockerfile with --build-arg SERVICE=<name>: %s", strings.Join(missing, ", ")))
	}
	names := project.ServiceNames()
	sort.Strings(names)
	fmt.Printf("%s: valid; services: %s\n", os.Args[1], strings.Join(names, ", "))
}

func load(file string) (*types.Project, error) {
	options, err := cli.NewProjectOptions([]string{file}, cli.WithName("obp"), cli.WithOsEnv)
	if err != nil {
		return nil, err
	}
	return options.LoadProject(context.Background())
}

// unbuiltServices names the repository's services that no compose service builds.
func unbuiltServices(project *types.Project, servicesDir string) ([]string, error) {
	entries, err := os.ReadDir(servicesDir)
	if err != nil {
		return nil, err
	}
	built := map[string]bool{}
	for _, service := range project.Services {
		if service.Build == nil {
			continue
		}
		if arg, ok := service.Build.Args["SERVICE"]; ok && arg != nil {
			built[*arg] = true
		}
	}
	var missing []string
	for _, entry := range entries {
		if _, err := os.Stat(filepath.Join(servicesDir, entry.Name(), "src", "main.ts")); err != nil {
			continue
		}
		if !built[entry.Name()] {
			missing = append(missing, entry.Name())
		}
	}
	return missing, nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
