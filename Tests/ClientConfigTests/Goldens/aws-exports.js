/* eslint-disable */
// Written by modelgraph outputs --format gen1 for https://localhost:8080/graphql. Written again by the same command; edits are lost.

const awsmobile = {
    "aws_project_region": "eu-west-1",
    "aws_appsync_graphqlEndpoint": "https://localhost:8080/graphql",
    "aws_appsync_region": "eu-west-1",
    "aws_appsync_authenticationType": "API_KEY",
    "aws_appsync_apiKey": "mg_0123abcd_secret"
};


export default awsmobile;
