"""League services, one concept per module; views, tasks and the API call these."""
